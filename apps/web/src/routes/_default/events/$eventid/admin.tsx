import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page/page-header';
import { EventAuditCard } from '../../../../features/audit/components/audit-log';
import { eventQueryOptions } from '../../../../features/events/api/events-api';
import { EventAdmin } from '../../../../features/events/components/event-admin';
import {
  OwnerChangeCard,
  ShareEventCard,
} from '../../../../features/permissions/components/event-sharing';
import { useCurrentUser } from '../../../../lib/auth/use-auth';
import { orEventUnavailable } from '../../../../lib/events/event-settings';
import { loadNamespaces } from '../../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/events/$eventid/admin')({
  staticData: { titleKey: 'eventAdmin' },
  loader: ({ context, params }) =>
    Promise.all([
      orEventUnavailable(context.queryClient.ensureQueryData(eventQueryOptions(params.eventid))),
      loadNamespaces('events', 'forms', 'permissions', 'audit', 'lists'),
    ]),
  component: EventAdminScreen,
});

function EventAdminScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'events']);
  const user = useCurrentUser();
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventid));
  const timeZone = user.settings.timezone;
  return (
    <>
      <PageHeader title={t('headings.eventAdmin')} description={t('events:admin.description')} />
      <EventAdmin event={event} timeZone={timeZone}>
        {/* Sharing and handing over are the owner's alone (ADR 031). */}
        {event.role === 'owner' && (
          <>
            <ShareEventCard event={event} />
            <OwnerChangeCard event={event} timeZone={timeZone} />
          </>
        )}
        <EventAuditCard eventId={event.id} />
      </EventAdmin>
    </>
  );
}
