import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Outlet, useMatch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SharedLayout } from '../components/layouts/shared-layout';
import { loadNamespaces } from '../lib/i18n/i18n';
import { loadQueryContext } from '../lib/query-context';

/** Pages shared with guests: no sign-in, only the event title in the header (docs/product-spec.md section 2). */
export const Route = createFileRoute('/_shared')({
  beforeLoad: async () => {
    const [context] = await Promise.all([
      loadQueryContext(),
      loadNamespaces('dashboard', 'screens'),
    ]);
    return context;
  },
  component: SharedLayoutRoute,
});

function SharedLayoutRoute() {
  const { t } = useTranslation('common');
  const { queryClient } = Route.useRouteContext();
  // The event's title comes with the shared messages API (the inbox's loader); until then, and
  // on the 404 page, a neutral title, never the event's raw id.
  const inbox = useMatch({ from: '/_shared/shared/messages/{-$eventid}', shouldThrow: false });
  const title = inbox?.loaderData?.event.title ?? t('headings.sharedMessages');
  return (
    <QueryClientProvider client={queryClient}>
      <SharedLayout title={title}>
        <Outlet />
      </SharedLayout>
    </QueryClientProvider>
  );
}
