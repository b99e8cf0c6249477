import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { NotificationCenter } from './components/notifications/notification-center';
import { i18n } from './lib/i18n/i18n';
import { theme } from './lib/theme/theme';

/** Everything the screens share: theme, translations, server state and notifications. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          {children}
          <NotificationCenter />
        </QueryClientProvider>
      </I18nextProvider>
    </ThemeProvider>
  );
}
