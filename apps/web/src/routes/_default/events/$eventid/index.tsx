import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LinkCardGrid } from '../../../../components/navigation/link-card-grid';
import { eventNavigationItems } from '../../../../components/navigation/navigation-items';
import { PageHeader } from '../../../../components/page/page-header';
import { eventQueryOptions } from '../../../../features/events/api/events-api';
import { EventOverview } from '../../../../features/events/components/event-overview';
import { usePlanAllowance } from '../../../../lib/auth/use-plan-allowance';
import { orEventUnavailable } from '../../../../lib/events/event-settings';
import { loadNamespaces } from '../../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/events/$eventid/')({
  staticData: { titleKey: 'eventOverview' },
  loader: ({ context, params }) =>
    Promise.all([
      orEventUnavailable(context.queryClient.ensureQueryData(eventQueryOptions(params.eventid))),
      loadNamespaces('events'),
    ]),
  component: EventOverviewScreen,
});

function EventOverviewScreen() {
  const { eventid } = Route.useParams();
  const allowance = usePlanAllowance();
  const { t } = useTranslation(['events', 'common']);
  const { data: event } = useSuspenseQuery(eventQueryOptions(eventid));
  return (
    <>
      <PageHeader title={event.title} description={t('common:headings.eventOverview')} />
      <EventOverview event={event} />
      <Box component="section" aria-labelledby="event-sections" sx={{ mt: 4 }}>
        <Typography id="event-sections" variant="h2" sx={{ fontSize: '1.0625rem', mb: 2 }}>
          {t('overview.sections')}
        </Typography>
        <LinkCardGrid items={eventNavigationItems(eventid, allowance)} />
      </Box>
    </>
  );
}
