import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { RouteError, RouteNotFound } from '../components/error-page/route-error';
import { useDocumentTitle } from '../lib/page-title/use-document-title';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  errorComponent: RouteError,
  notFoundComponent: RouteNotFound,
});

function Root() {
  useDocumentTitle();
  return <Outlet />;
}
