import type { Page } from '@playwright/test';
import { createEventByApi } from './event-helpers.js';
import {
  expect,
  mailLink,
  ownAccount,
  readMail,
  registerAccount,
  saveScreenshot,
  signIn,
  test,
  useLanguage,
} from './fixtures.js';

/**
 * Screenshots of the screens a tour of the dashboard changed (e2e/tour-dashboard.spec.ts): the
 * notice of a navigation held offline, an event not available to this account, and the
 * verify-email screen after a used link, in both languages at 1440 and 390 px.
 */

const SIZES = {
  desktop: { width: 1440, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

for (const language of ['en', 'de'] as const) {
  for (const size of ['desktop', 'mobile'] as const) {
    test(`tour fixes, ${language}, ${size}`, async ({ page, context, demoEvent }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(SIZES[size]);
      await useLanguage(page, language);
      const name = (screen: string) => `tour-${screen}-${language}-${size}`;

      // A used confirmation link, for a confirmed account.
      const account = await registerAccount({ verified: false });
      await signIn(page, account);
      const mail = await readMail(account.email, /./);
      await page.goto(mailLink(mail, '/verify-email'));
      await expect(page).toHaveURL(/\/events$/);
      await page.goto(mailLink(mail, '/verify-email'));
      await expect(page.getByRole('link', { name: /dashboard/i })).toBeVisible();
      await settled(page);
      await saveScreenshot(page, name('verify-email-used-link'));

      // The worker's demo event, seen from this other account.
      await page.goto(`/events/${demoEvent.id}`);
      await expect(page.getByTestId('error-page')).toBeVisible();
      await settled(page);
      await saveScreenshot(page, name('event-unavailable'));

      // A navigation held while offline, over the editor with unsaved work.
      const { accessToken } = await ownAccount(page);
      const event = await createEventByApi(page, accessToken, 'Spring Summit 2027');
      await page.goto(`/events/${event.id}/general`);
      await page.getByRole('textbox').first().fill('Spring Summit 2027, main stage');
      await context.setOffline(true);
      await page.getByRole('banner').getByRole('link').first().click();
      await expect(page.getByTestId('offline-navigation')).toBeVisible();
      await settled(page);
      await saveScreenshot(page, name('offline-navigation'));
      await context.setOffline(false);
    });
  }
}
