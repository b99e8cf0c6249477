import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page/page-header';
import { eventQueryOptions } from '../../../../features/events/api/events-api';
import { EventAdmin } from '../../../../features/events/components/event-admin';
import { useCurrentUser } from '../../../../lib/auth/use-auth';
import { orPageNotFound } from '../../../../lib/events/event-settings';
import { loadNamespaces } from '../../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/events/$eventid/admin')({
  staticData: { titleKey: 'eventAdmin' },
  loader: ({ context, params }) =>
    Promise.all([
      orPageNotFound(context.queryClient.ensureQueryData(eventQueryOptions(params.eventid))),
      loadNamespaces('events', 'forms'),
    ]),
  component: EventAdminScreen,
});

function EventAdminScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'events']);
  const user = useCurrentUser();
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventid));
  return (
    <>
      <PageHeader title={t('headings.eventAdmin')} description={t('events:admin.description')} />
      <EventAdmin event={event} timeZone={user.settings.timezone} />
    </>
  );
}
