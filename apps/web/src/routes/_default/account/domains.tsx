import { createFileRoute } from '@tanstack/react-router';
import { domainsQueryOptions } from '../../../features/domains/api/domains-api';
import { DomainsOverview } from '../../../features/domains/components/domains-overview';
import { loadNamespaces } from '../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/account/domains')({
  staticData: { titleKey: 'domains' },
  loader: ({ context }) =>
    Promise.all([
      // Started here so the list loads with the screen's code; the screen shows its failure.
      context.queryClient.prefetchQuery(domainsQueryOptions()),
      // `events` for the plan notice, `forms` for the translated field errors.
      loadNamespaces('domains', 'events', 'forms'),
    ]),
  component: DomainsOverview,
});
