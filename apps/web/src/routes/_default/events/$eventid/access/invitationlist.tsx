import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/access/invitationlist')({
  staticData: { titleKey: 'invitationList' },
  component: InvitationListScreen,
});

function InvitationListScreen() {
  return <ScreenIntro screen="invitationList" icon={ForwardToInboxOutlined} />;
}
