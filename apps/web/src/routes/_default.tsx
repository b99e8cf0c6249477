import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import type { EventOption } from '../components/header/event-selector';
import { DefaultLayout } from '../components/layouts/default-layout';
import { RouteNotFound } from '../components/error-page/route-error';
import { requireSignedIn } from '../lib/auth/guards';
import { loadQueryContext } from '../lib/query-context';

/**
 * Signed-in pages (spec section 2, "Layouts"). The guard is the seam for sign-in; its own
 * not-found component keeps unknown addresses below it (e.g. /events/x/unknown) in the layout.
 */
export const Route = createFileRoute('/_default')({
  beforeLoad: async (guard) => {
    requireSignedIn(guard);
    return loadQueryContext();
  },
  component: DefaultLayoutRoute,
  notFoundComponent: RouteNotFound,
});

// The events list is loaded by this layout once the events API exists (spec section 2: the
// default layout "loads the events list"); until then the selector shows its empty state.
const NO_EVENTS: readonly EventOption[] = [];

function DefaultLayoutRoute() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <DefaultLayout events={NO_EVENTS}>
        <Outlet />
      </DefaultLayout>
    </QueryClientProvider>
  );
}
