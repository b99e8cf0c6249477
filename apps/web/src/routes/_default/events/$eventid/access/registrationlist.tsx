import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/access/registrationlist')({
  staticData: { titleKey: 'registrationList' },
  component: RegistrationListScreen,
});

function RegistrationListScreen() {
  return <ScreenIntro screen="registrationList" icon={HowToRegOutlined} />;
}
