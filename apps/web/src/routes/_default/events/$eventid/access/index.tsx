import LockOutlined from '@mui/icons-material/LockOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/access/')({
  staticData: { titleKey: 'eventAccess' },
  component: EventAccessScreen,
});

function EventAccessScreen() {
  return <ScreenIntro screen="eventAccess" icon={LockOutlined} />;
}
