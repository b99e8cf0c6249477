import { createRootRoute, Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { RouteError, RouteNotFound } from '../components/error-page/route-error';
import { session } from '../lib/auth/session';
import { useDocumentTitle } from '../lib/page-title/use-document-title';

export const Route = createRootRoute({
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
  return <Outlet />;
}
