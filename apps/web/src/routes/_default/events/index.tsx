import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/links/button-link';
import { PageHeader } from '../../../components/page/page-header';
import { eventsQueryOptions } from '../../../features/events/api/events-api';
import { EventsList } from '../../../features/events/components/events-list';
import { PlanUsage } from '../../../features/events/components/plan-usage';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { loadNamespaces } from '../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/events/')({
  staticData: { titleKey: 'events' },
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(eventsQueryOptions()),
      loadNamespaces('events'),
    ]),
  component: EventsScreen,
});

function EventsScreen() {
  const { t } = useTranslation(['events', 'common', 'screens']);
  const user = useCurrentUser();
  const { data: events } = useSuspenseQuery(eventsQueryOptions());
  return (
    <>
      <PageHeader
        title={t('common:headings.events')}
        description={t('screens:events')}
        actions={
          <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 3, flexWrap: 'wrap' }}>
            {/* Only the account's own events count against its plan's limit (ADR 031). */}
            <PlanUsage
              count={events.filter((event) => event.role === 'owner').length}
              allowance={user.planAllowance}
            />
            <ButtonLink to="/events/add" variant="contained" startIcon={<AddOutlined />}>
              {t('list.create')}
            </ButtonLink>
          </Box>
        }
      />
      <EventsList events={events} timeZone={user.settings.timezone} />
    </>
  );
}
