import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/access/registrations')({
  staticData: { titleKey: 'registrations' },
  component: RegistrationsScreen,
});

function RegistrationsScreen() {
  return <ScreenIntro screen="registrations" icon={AssignmentTurnedInOutlined} />;
}
