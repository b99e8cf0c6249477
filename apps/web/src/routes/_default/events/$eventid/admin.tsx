import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/admin')({
  staticData: { titleKey: 'eventAdmin' },
  component: EventAdminScreen,
});

function EventAdminScreen() {
  return <ScreenIntro screen="eventAdmin" icon={AdminPanelSettingsOutlined} />;
}
