import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/messages')({
  staticData: { titleKey: 'messages' },
  component: MessagesScreen,
});

function MessagesScreen() {
  return <ScreenIntro screen="messages" icon={ForumOutlined} />;
}
