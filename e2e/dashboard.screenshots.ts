import type { Page } from '@playwright/test';
import {
  baseURL,
  eventPath,
  expect,
  registerAccount,
  saveScreenshot,
  signIn,
  test,
  useLanguage,
  VIEWPORTS,
} from './fixtures.js';

/**
 * Screenshots for people to look at (not compared, so not tests): each screen in both languages
 * and sizes, saved under screenshots/. `npm run screenshots` runs this file; `npm test` does not.
 */
const GUEST_SHOTS = [
  ['login', '/login'],
  ['register', '/register'],
  ['reset-password', '/reset-password'],
  ['not-found', '/this/does/not/exist'],
] as const;

const SIGNED_IN_SHOTS = [
  ['home', '/home'],
  ['events', '/events'],
  ['event-general', '/events/$event/general'],
  ['account', '/account'],
  ['account-profile', '/account/profile'],
  ['account-security', '/account/security'],
  ['settings', '/settings'],
  ['feedback', '/feedback'],
] as const;

// A desktop browser's own user agent, so that the sessions list names it ("Chrome 130 on Linux").
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Waits until the page is drawn: fonts loaded, transitions done. */
async function settle(page: Page, ready = page.getByRole('heading', { level: 1 })): Promise<void> {
  await expect(ready).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

for (const language of ['en', 'de'] as const) {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    const suffix = `${viewportName}-${language}`;

    test.describe(`screenshots ${language} ${viewportName}`, () => {
      test.use({ viewport, userAgent: USER_AGENT });

      for (const [name, path] of GUEST_SHOTS) {
        test(name, async ({ page }) => {
          await useLanguage(page, language);
          await page.goto(path);
          await settle(page);
          await saveScreenshot(page, `${name}-${suffix}`);
        });
      }

      test('verify-email', async ({ page }) => {
        await signIn(page, await registerAccount({ verified: false }));
        await useLanguage(page, language);
        await page.goto('/verify-email');
        await expect(page.getByTestId('verify-email-address')).toBeVisible();
        await settle(page);
        await saveScreenshot(page, `verify-email-${suffix}`);
      });

      test('whats-new', async ({ page }) => {
        await signIn(page, await registerAccount({ newsSeen: false }));
        await useLanguage(page, language);
        await page.goto('/events');
        await settle(page, page.getByRole('dialog'));
        await saveScreenshot(page, `whats-new-${suffix}`);
      });

      test.describe('signed in', () => {
        test.use({ signedIn: true });

        for (const [name, path] of SIGNED_IN_SHOTS) {
          test(name, async ({ page, account, accessToken, playwright, demoEvent }) => {
            if (name === 'account-security') {
              // This device and a phone, rather than every session the worker's tests made.
              const headers = { Authorization: `Bearer ${accessToken}` };
              expect((await page.request.delete('/api/account/sessions', { headers })).ok()).toBe(
                true,
              );
              const phone = await playwright.request.newContext({
                baseURL,
                userAgent: PHONE_USER_AGENT,
              });
              await phone.post('/api/auth/login', {
                data: { email: account.email, password: account.password },
              });
              await phone.dispose();
            }
            await useLanguage(page, language);
            await page.goto(eventPath(path, demoEvent));
            await settle(page);
            await saveScreenshot(page, `${name}-${suffix}`);
          });
        }

        test('avatar-menu', async ({ page }) => {
          await useLanguage(page, language);
          await page.goto('/events');
          await settle(page);
          await page.getByRole('button', { name: /Account menu|Kontomenü/ }).click();
          await settle(page, page.getByRole('menu'));
          await saveScreenshot(page, `avatar-menu-${suffix}`);
        });
      });
    });
  }
}
