import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import { ButtonLink } from '../../../../../components/links/button-link';
import { PageHeader } from '../../../../../components/page/page-header';
import { RegistrationList } from '../../../../../features/registrations/components/registration-list';
import {
  eventSettingsQueryOptions,
  orEventUnavailable,
} from '../../../../../lib/events/event-settings';
import { loadNamespaces } from '../../../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/events/$eventid/access/registrationlist')({
  staticData: { titleKey: 'registrationList' },
  loader: ({ context, params }) =>
    Promise.all([
      orEventUnavailable(
        context.queryClient.ensureQueryData(eventSettingsQueryOptions(params.eventid)),
      ),
      loadNamespaces('registrations', 'lists', 'mails', 'events', 'forms'),
    ]),
  component: RegistrationListScreen,
});

/** Everyone who registered for the event (docs/product-spec.md section 2; ADR 026). */
function RegistrationListScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens', 'mails']);
  const { data: settings } = useSuspenseQuery(eventSettingsQueryOptions(eventid));
  return (
    <>
      <PageHeader
        title={t('headings.registrationList')}
        description={t('screens:registrationList')}
        actions={
          <ButtonLink
            startIcon={<EditNoteOutlined />}
            to="/events/$eventid/access/registrations"
            params={{ eventid }}
          >
            {t('mails:registration.edit')}
          </ButtonLink>
        }
      />
      <RegistrationList key={eventid} eventId={eventid} fields={settings.registrationFields} />
    </>
  );
}
