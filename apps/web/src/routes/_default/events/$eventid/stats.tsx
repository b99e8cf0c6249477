import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page/page-header';
import { channelsQueryOptions } from '../../../../features/channels/api/channels-api';
import { StatsDashboard } from '../../../../features/stats/components/stats-dashboard';
import {
  eventSettingsQueryOptions,
  orEventUnavailable,
} from '../../../../lib/events/event-settings';
import { loadNamespaces } from '../../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/events/$eventid/stats')({
  staticData: { titleKey: 'stats' },
  loader: ({ context, params }) =>
    Promise.all([
      orEventUnavailable(
        context.queryClient.ensureQueryData(eventSettingsQueryOptions(params.eventid)),
      ),
      // `forms` for the translated reason of a failed load or download.
      loadNamespaces('stats', 'forms'),
    ]),
  component: StatsScreen,
});

/** Live statistics of an event (docs/product-spec.md section 2, "Stats"; ADR 027). */
function StatsScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  const { data: settings } = useSuspenseQuery(eventSettingsQueryOptions(eventid));
  const { data: channels } = useQuery(channelsQueryOptions(eventid));
  return (
    <>
      <PageHeader title={t('headings.stats')} description={t('screens:stats')} />
      <StatsDashboard
        key={eventid}
        eventId={eventid}
        publicUrl={settings.fullUrl}
        channels={channels ?? []}
      />
    </>
  );
}
