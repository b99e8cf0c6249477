import { createRootRoute, Outlet, useRouter } from '@tanstack/react-router';
import { useDeferredValue, useEffect } from 'react';
import { RouteError, RouteNotFound } from '../components/error-page/route-error';
import { OfflineNavigationNotice } from '../components/offline/offline-navigation';
import { session } from '../lib/auth/session';
import { useDocumentTitle } from '../lib/page-title/use-document-title';
import { refuseLoosePath } from '../lib/router/strict-paths';
import { loadFonts } from '../lib/theme/fonts';

export const Route = createRootRoute({
  beforeLoad: ({ location }) => refuseLoosePath(location.pathname),
  component: Root,
  errorComponent: RouteError,
  notFoundComponent: RouteNotFound,
});

/**
 * When the sign-in state changes without this tab asking (the session expired, another tab
 * signed in or out), the guards run again and send the visitor where they belong (spec
 * section 4: "login state is watched and resets on error").
 */
function useGuardsFollowSession(): void {
  const router = useRouter();
  useEffect(() => session.onRemoteChange(() => void router.invalidate()), [router]);
}

function Root() {
  useDocumentTitle();
  useGuardsFollowSession();
  // The router hands its first matches to React through a store subscription, which React
  // renders in one uninterruptible task: the whole first screen at once, 70 ms on a fast
  // machine and four times that on a throttled phone. Deferred, the screen renders in small
  // slices that let the browser paint and answer input in between (docs/quality.md, section 6).
  // Only the first render waits; navigations after it render as before.
  const rendered = useDeferredValue(true, false);
  useEffect(() => {
    if (rendered) loadFonts();
  }, [rendered]);
  return rendered ? (
    <>
      <Outlet />
      <OfflineNavigationNotice />
    </>
  ) : null;
}
