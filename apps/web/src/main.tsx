import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app-providers';
import { session } from './lib/auth/session';
import { installChunkReloadHandler } from './lib/chunk-reload/chunk-reload';
import { initI18n } from './lib/i18n/i18n';
import { createAppRouter } from './router';

installChunkReloadHandler();
const router = createAppRouter();
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

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
