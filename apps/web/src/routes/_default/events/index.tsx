import AddOutlined from '@mui/icons-material/AddOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/page/empty-state';
import { PageHeader } from '../../../components/page/page-header';
import { ButtonLink } from '../../../components/links/button-link';

export const Route = createFileRoute('/_default/events/')({
  staticData: { titleKey: 'events' },
  component: EventsScreen,
});

// The list itself arrives with the events API; with no events yet this is its empty state.
function EventsScreen() {
  const { t } = useTranslation(['dashboard', 'common']);
  const { t: tScreens } = useTranslation('screens');
  return (
    <>
      <PageHeader
        title={t('common:titles.events')}
        description={tScreens('events')}
        actions={
          <ButtonLink to="/events/add" variant="contained" startIcon={<AddOutlined />}>
            {t('events.createEvent')}
          </ButtonLink>
        }
      />
      <EmptyState icon={EventOutlined} title={t('events.emptyTitle')} text={t('events.emptyText')}>
        <ButtonLink to="/events/add" variant="outlined" startIcon={<AddOutlined />}>
          {t('events.createEvent')}
        </ButtonLink>
      </EmptyState>
    </>
  );
}
