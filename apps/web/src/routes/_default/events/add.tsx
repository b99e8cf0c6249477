import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page/page-header';
import { eventsQueryOptions } from '../../../features/events/api/events-api';
import { CreateEventForm } from '../../../features/events/components/create-event-form';
import { loadNamespaces } from '../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/events/add')({
  staticData: { titleKey: 'createEvent' },
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(eventsQueryOptions()),
      loadNamespaces('events', 'forms'),
    ]),
  component: CreateEventScreen,
});

function CreateEventScreen() {
  const { t } = useTranslation(['common', 'screens']);
  const { data: events } = useSuspenseQuery(eventsQueryOptions());
  return (
    <>
      <PageHeader title={t('headings.createEvent')} description={t('screens:createEvent')} />
      <CreateEventForm events={events} />
    </>
  );
}
