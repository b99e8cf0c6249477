import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError } from './components/error-page/route-error';
import './lib/router/static-data';
import { routeTree } from './routeTree.gen';

export function createAppRouter({ history }: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    history,
    // Screens and their data start loading when a link is hovered or focused.
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router always asks it (TanStack Query integration guide).
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
    trailingSlash: 'never',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
