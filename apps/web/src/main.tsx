import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app-providers';
import { installChunkReloadHandler } from './lib/chunk-reload/chunk-reload';
import { initI18n } from './lib/i18n/i18n';
import { createAppRouter } from './router';

installChunkReloadHandler();
const router = createAppRouter();
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
