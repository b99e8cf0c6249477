import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests run against the production build, served by the real server on its own
 * SQLite database. Chromium comes from Debian (`/usr/bin/chromium`); Playwright never downloads
 * a browser here (docs/architecture.md, "Testing on these machines").
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 3107);
export const baseURL = `http://localhost:${e2ePort}`;

/**
 * `npm run screenshots` (E2E_SCREENSHOTS=1) runs only the `*.screenshots.ts` files, which save
 * PNGs under screenshots/ for people to look at and assert nothing worth counting; the test
 * tiers (`*.spec.ts`) never run them.
 */
const screenshots = process.env.E2E_SCREENSHOTS === '1';

export default defineConfig({
  testDir: 'e2e',
  ...(screenshots ? { testMatch: '**/*.screenshots.ts' } : {}),
  outputDir: `test-results/e2e-${e2ePort}${screenshots ? '-screenshots' : ''}`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1366, height: 900 } } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // E2E_SMTP_PORT and E2E_MAILS_PORT, when set (scripts/e2e.mjs picks free ones), reach the
    // server through the inherited environment.
    env: { PORT: String(e2ePort), HOST: '127.0.0.1' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
