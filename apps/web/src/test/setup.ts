import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n, i18n, loadNamespaces } from '../lib/i18n/i18n';
import { clearNotifications } from '../lib/notifications';

await initI18n('en');
// Screens load their namespaces in their routes; tests render components without routes.
await loadNamespaces('dashboard', 'screens', 'auth', 'onboarding', 'forms', 'account');

// Any console.error fails the test (docs/architecture.md, "Conventions"): React warnings, failed
// prop types and swallowed errors must not pass unnoticed.
let consoleErrors: string[] = [];

beforeEach(async () => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  clearNotifications();
  vi.restoreAllMocks();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });
  if (consoleErrors.length > 0) {
    throw new Error(`console.error was called:\n${consoleErrors.join('\n')}`);
  }
});
