import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { NotificationCenter } from './components/notifications/notification-center';
import { i18n } from './lib/i18n/i18n';
import { Baseline } from './lib/theme/baseline';
import { theme } from './lib/theme/theme';

/**
 * What every screen shares: theme, translations and notifications. Server state (TanStack
 * Query) is provided by the layouts that fetch data, so the guest pages' first load does not
 * carry it (ADR 009).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <Baseline />
      <I18nextProvider i18n={i18n}>
        {children}
        <NotificationCenter />
      </I18nextProvider>
    </ThemeProvider>
  );
}
