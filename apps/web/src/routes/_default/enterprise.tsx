import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../components/page/screen-intro';

export const Route = createFileRoute('/_default/enterprise')({
  staticData: { titleKey: 'enterprise' },
  component: EnterpriseScreen,
});

function EnterpriseScreen() {
  return <ScreenIntro screen="enterprise" icon={BusinessOutlined} />;
}
