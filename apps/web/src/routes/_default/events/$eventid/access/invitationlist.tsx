import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import { ButtonLink } from '../../../../../components/links/button-link';
import { PageHeader } from '../../../../../components/page/page-header';
import { InvitationList } from '../../../../../features/invitations/components/invitation-list';
import {
  eventSettingsQueryOptions,
  orEventUnavailable,
} from '../../../../../lib/events/event-settings';
import { loadNamespaces } from '../../../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/events/$eventid/access/invitationlist')({
  staticData: { titleKey: 'invitationList' },
  loader: ({ context, params }) =>
    Promise.all([
      orEventUnavailable(
        context.queryClient.ensureQueryData(eventSettingsQueryOptions(params.eventid)),
      ),
      loadNamespaces('invitations', 'lists', 'mails', 'events', 'forms'),
    ]),
  component: InvitationListScreen,
});

/** Who is invited to the event and how they fared (docs/product-spec.md section 2; ADR 026). */
function InvitationListScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens', 'mails']);
  return (
    <>
      <PageHeader
        title={t('headings.invitationList')}
        description={t('screens:invitationList')}
        actions={
          <ButtonLink
            startIcon={<EditNoteOutlined />}
            to="/events/$eventid/access/invitations"
            params={{ eventid }}
          >
            {t('mails:invitation.edit')}
          </ButtonLink>
        }
      />
      <InvitationList key={eventid} eventId={eventid} />
    </>
  );
}
