import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/account/profile')({
  staticData: { titleKey: 'profile' },
  component: ProfileScreen,
});

function ProfileScreen() {
  return <ScreenIntro screen="profile" icon={PersonOutlined} />;
}
