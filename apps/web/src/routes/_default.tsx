import { hasFeature } from '@livent/shared/plans';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { RouteNotFound } from '../components/error-page/route-error';
import { DefaultLayout } from '../components/layouts/default-layout';
import { eventsQueryOptions } from '../features/events/api/events-api';
import { requireSignedIn } from '../lib/auth/guards';
import { useAuth } from '../lib/auth/use-auth';
import { dismissErrorReport, usePendingErrorReport } from '../lib/error-reports/error-reports';
import { loadNamespaces } from '../lib/i18n/i18n';
import { hasBanner } from '../features/billing/plan-banner';
import { loadQueryContext } from '../lib/query-context';

/**
 * Signed-in pages (docs/product-spec.md section 2, "Layouts"): the guard sends visitors who are signed out to
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
    // docs/product-spec.md section 2: the default layout "loads the events list" (for the header's selector);
    // screens do not wait for it. Imported here on demand: `beforeLoad` stays in the first
    // load, whose budget has no room for the query code (ADR 009).
    void import('../features/events/api/events-api').then(({ eventsQueryOptions }) =>
      context.queryClient.prefetchQuery(eventsQueryOptions()),
    );
    return context;
  },
  component: DefaultLayoutRoute,
  notFoundComponent: RouteNotFound,
});

const NO_EVENTS = [] as const;

// docs/product-spec.md section 2: the what's-new dialog opens on load when there is news the user has not seen.
const WhatsNewDialog = lazy(() =>
  import('../features/whats-new/components/whats-new-dialog').then((module) => ({
    default: module.WhatsNewDialog,
  })),
);

// docs/product-spec.md section 8: the report dialog, loaded when an error is to be reported.
const ErrorReportDialog = lazy(() =>
  Promise.all([
    import('../features/feedback/components/error-report-dialog'),
    loadNamespaces('account'),
  ]).then(([module]) => ({ default: module.ErrorReportDialog })),
);

// The banners load with their texts only when the user has one to see.
const PlanBanners = lazy(() =>
  Promise.all([
    import('../features/billing/components/plan-banners'),
    loadNamespaces('billing'),
  ]).then(([module]) => ({ default: module.PlanBanners })),
);

function DefaultLayoutRoute() {
  const { queryClient } = Route.useRouteContext();
  const { user } = useAuth();
  const navigate = useNavigate();
  const events = useQuery({ ...eventsQueryOptions(), enabled: Boolean(user) }, queryClient);
  const errorReport = usePendingErrorReport();
  // Signed out while here (another tab, an expired session): the guard takes over at once.
  if (!user) return null;
  return (
    <QueryClientProvider client={queryClient}>
      <DefaultLayout
        events={events.data ?? NO_EVENTS}
        account={{
          user,
          showEnterprise: hasFeature(user.planAllowance, 'ENTERPRISE_ADMIN'),
          onLogout: () => void navigate({ to: '/logout' }),
        }}
        banners={
          hasBanner(user) && (
            <Suspense fallback={null}>
              <PlanBanners />
            </Suspense>
          )
        }
      >
        <Outlet />
      </DefaultLayout>
      <Suspense fallback={null}>
        <WhatsNewDialog />
      </Suspense>
      {errorReport && (
        <Suspense fallback={null}>
          <ErrorReportDialog report={errorReport} onClose={dismissErrorReport} />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
