import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../components/page/screen-intro';

export const Route = createFileRoute('/_default/settings')({
  staticData: { titleKey: 'settings' },
  component: SettingsScreen,
});

function SettingsScreen() {
  return <ScreenIntro screen="settings" icon={SettingsOutlined} />;
}
