import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../../components/page/page-header';
import { InvitationMailSection } from '../../../../../features/invitations/components/invitation-mail-section';
import { loadEditorScreen } from '../../../../../lib/events/editor-loader';

export const Route = createFileRoute('/_default/events/$eventid/access/invitations')({
  staticData: { titleKey: 'invitations' },
  loader: ({ context, params }) => loadEditorScreen(context.queryClient, params.eventid, 'mails'),
  component: InvitationsScreen,
});

/** The invitation email's text (docs/product-spec.md section 2, access/invitations; ADR 026). */
function InvitationsScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.invitations')} description={t('screens:invitations')} />
      <InvitationMailSection key={eventid} eventId={eventid} />
    </>
  );
}
