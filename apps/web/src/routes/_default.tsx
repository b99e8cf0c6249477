import { hasFeature } from '@livent/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Outlet, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { RouteNotFound } from '../components/error-page/route-error';
import type { EventOption } from '../components/header/event-selector';
import { DefaultLayout } from '../components/layouts/default-layout';
import { requireSignedIn } from '../lib/auth/guards';
import { useAuth } from '../lib/auth/use-auth';
import { loadNamespaces } from '../lib/i18n/i18n';
import { loadQueryContext } from '../lib/query-context';

/**
 * Signed-in pages (spec section 2, "Layouts"): the guard sends visitors who are signed out to
 * /login and unverified users to /verify-email before any screen renders. Its own not-found
 * component keeps unknown addresses below it (e.g. /events/x/unknown) in the layout.
 */
export const Route = createFileRoute('/_default')({
  beforeLoad: async (guard) => {
    await requireSignedIn(guard);
    const [context] = await Promise.all([
      loadQueryContext(),
      loadNamespaces('dashboard', 'screens'),
    ]);
    return context;
  },
  component: DefaultLayoutRoute,
  notFoundComponent: RouteNotFound,
});

// The events list is loaded by this layout once the events API exists (spec section 2: the
// default layout "loads the events list"); until then the selector shows its empty state.
const NO_EVENTS: readonly EventOption[] = [];

// Spec section 2: the what's-new dialog opens on load when there is news the user has not seen.
const WhatsNewDialog = lazy(() =>
  import('../features/whats-new/components/whats-new-dialog').then((module) => ({
    default: module.WhatsNewDialog,
  })),
);

function DefaultLayoutRoute() {
  const { queryClient } = Route.useRouteContext();
  const { user } = useAuth();
  const navigate = useNavigate();
  // Signed out while here (another tab, an expired session): the guard takes over at once.
  if (!user) return null;
  return (
    <QueryClientProvider client={queryClient}>
      <DefaultLayout
        events={NO_EVENTS}
        account={{
          user,
          showEnterprise: hasFeature(user.planAllowance, 'ENTERPRISE_ADMIN'),
          onLogout: () => void navigate({ to: '/logout' }),
        }}
      >
        <Outlet />
      </DefaultLayout>
      <Suspense fallback={null}>
        <WhatsNewDialog />
      </Suspense>
    </QueryClientProvider>
  );
}
