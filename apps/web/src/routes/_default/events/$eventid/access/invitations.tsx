import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/access/invitations')({
  staticData: { titleKey: 'invitations' },
  component: InvitationsScreen,
});

function InvitationsScreen() {
  return <ScreenIntro screen="invitations" icon={MarkEmailReadOutlined} />;
}
