import LockOutlined from '@mui/icons-material/LockOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/access/settings')({
  staticData: { titleKey: 'accessSettings' },
  component: AccessSettingsScreen,
});

function AccessSettingsScreen() {
  return <ScreenIntro screen="accessSettings" icon={LockOutlined} />;
}
