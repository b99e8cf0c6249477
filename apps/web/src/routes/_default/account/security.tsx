import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/account/security')({
  staticData: { titleKey: 'security' },
  component: SecurityScreen,
});

function SecurityScreen() {
  return <ScreenIntro screen="security" icon={ShieldOutlined} />;
}
