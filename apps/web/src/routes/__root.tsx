import { createRootRoute, Outlet } from '@tanstack/react-router';
import { RouteError, RouteNotFound } from '../components/error-page/route-error';
import { useDocumentTitle } from '../lib/page-title/use-document-title';

export const Route = createRootRoute({
  component: Root,
  errorComponent: RouteError,
  notFoundComponent: RouteNotFound,
});

function Root() {
  useDocumentTitle();
  return <Outlet />;
}
