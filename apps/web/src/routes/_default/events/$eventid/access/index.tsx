import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../../components/page/page-header';
import { eventQueryOptions } from '../../../../../features/events/api/events-api';
import { AccessOverview } from '../../../../../features/events/components/access-overview';
import { usePlanAllowance } from '../../../../../lib/auth/use-plan-allowance';
import { orEventUnavailable } from '../../../../../lib/events/event-settings';
import { loadNamespaces } from '../../../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/events/$eventid/access/')({
  staticData: { titleKey: 'eventAccess' },
  loader: ({ context, params }) =>
    Promise.all([
      orEventUnavailable(context.queryClient.ensureQueryData(eventQueryOptions(params.eventid))),
      loadNamespaces('events'),
    ]),
  component: EventAccessScreen,
});

/** The event's access at a glance (docs/product-spec.md section 2, `/events/{id}/access`). */
function EventAccessScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  const allowance = usePlanAllowance();
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventid));
  return (
    <>
      <PageHeader title={t('headings.eventAccess')} description={t('screens:eventAccess')} />
      <AccessOverview event={event} allowance={allowance} />
    </>
  );
}
