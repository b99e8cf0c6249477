import { createFileRoute } from '@tanstack/react-router';
import { webhooksQueryOptions } from '../../../features/webhooks/api/webhooks-api';
import { WebhooksOverview } from '../../../features/webhooks/components/webhooks-overview';
import { loadNamespaces } from '../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/account/webhooks')({
  staticData: { titleKey: 'webhooks' },
  loader: ({ context }) =>
    Promise.all([
      // Started here so the list loads with the screen's code; the screen shows its failure.
      context.queryClient.prefetchQuery(webhooksQueryOptions()),
      // `forms` for the translated field errors.
      loadNamespaces('webhooks', 'forms'),
    ]),
  component: WebhooksOverview,
});
