import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app-providers';
import { setTwoFactorRequiredHandler } from './lib/api-client';
import { session } from './lib/auth/session';
import { installChunkReloadHandler } from './lib/chunk-reload/chunk-reload';
import { installErrorReporting } from './lib/error-reports/error-reports';
import { initI18n } from './lib/i18n/i18n';
import { holdNavigationWhileOffline } from './lib/router/offline-navigation';
import { createAppRouter } from './router';

installChunkReloadHandler();
installErrorReporting();
const router = createAppRouter();
holdNavigationWhileOffline(router);
// A member whose enterprise requires two-factor sign-in sets it up before anything else (ADR 071).
setTwoFactorRequiredHandler(() => {
  if (router.state.location.pathname !== '/account/security') {
    void router.navigate({ to: '/account/security' });
  }
});
// The first screen waits for three things that do not depend on each other: the language's
// texts, the session check (the guards' `beforeLoad`) and the screen's own code. Asked for at
// once, they cost one round trip instead of three in a row, which is most of /login's largest
// contentful paint on a phone (ADR 009). The router reuses both when it loads the route.
void session.restoreSession();
for (const match of router.matchRoutes(router.latestLocation)) {
  const route = router.routesById[match.routeId as keyof typeof router.routesById];
  // A failed chunk is the router's to report when it loads the route.
  void router.loadRouteChunk(route)?.catch(() => undefined);
}
// The first render waits for the active language's texts (one small request).
await initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const root = createRoot(container);
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for all of it: on a slow phone one long task here was most of /login's
// Total Blocking Time (docs/quality.md, section 6). The screen itself renders the same way, see
// routes/__root.tsx.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
