import AddCircleOutlineOutlined from '@mui/icons-material/AddCircleOutlineOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/add')({
  staticData: { titleKey: 'createEvent' },
  component: CreateEventScreen,
});

function CreateEventScreen() {
  return <ScreenIntro screen="createEvent" icon={AddCircleOutlineOutlined} />;
}
