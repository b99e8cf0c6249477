import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/access/loginlist')({
  staticData: { titleKey: 'loginList' },
  component: LoginListScreen,
});

function LoginListScreen() {
  return <ScreenIntro screen="loginList" icon={VpnKeyOutlined} />;
}
