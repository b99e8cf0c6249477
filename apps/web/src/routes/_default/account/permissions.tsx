import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page/page-header';
import { eventsQueryOptions } from '../../../features/events/api/events-api';
import { PermissionsOverview } from '../../../features/permissions/components/permissions-overview';
import { permissionsQueryOptions } from '../../../features/permissions/api/permissions-api';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { loadNamespaces } from '../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/account/permissions')({
  staticData: { titleKey: 'permissions' },
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(eventsQueryOptions()),
      // Started here so the list loads with the screen's code; the screen shows its failure.
      context.queryClient.prefetchQuery(permissionsQueryOptions()),
      loadNamespaces('permissions', 'forms'),
    ]),
  component: PermissionsScreen,
});

function PermissionsScreen() {
  const { t } = useTranslation(['common', 'screens']);
  const user = useCurrentUser();
  const { data: events } = useSuspenseQuery(eventsQueryOptions());
  // Only the owner may share an event (ADR 031): the picker lists the account's own.
  const ownEvents = events.filter((event) => event.role === 'owner');
  return (
    <>
      <PageHeader title={t('headings.permissions')} description={t('screens:permissions')} />
      <PermissionsOverview ownEvents={ownEvents} timeZone={user.settings.timezone} />
    </>
  );
}
