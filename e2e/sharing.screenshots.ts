import type { Page } from '@playwright/test';
import { createEventByApi } from './event-helpers.js';
import {
  expect,
  registerAccount,
  saveScreenshot,
  signIn,
  test,
  useLanguage,
  VIEWPORTS,
} from './fixtures.js';

/**
 * Screenshots of the shared permissions page and the event admin section's sharing and owner
 * change (ADR 031) in both languages and sizes, for people to look at (not compared).
 */

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

async function post(page: Page, token: string, path: string, data?: unknown) {
  const response = await page.request.post(path, {
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.status() === 204 ? undefined : ((await response.json()) as { id: string });
}

for (const language of ['en', 'de'] as const) {
  for (const size of ['desktop', 'mobile'] as const) {
    test(`sharing, ${language}, ${size}`, async ({ page, browser }) => {
      test.setTimeout(120_000);
      const owner = await registerAccount({ name: 'Olga Owner' });
      const colleague = await registerAccount({ name: 'Bea Colleague' });
      const guest = await registerAccount({ name: 'Cem Guest' });
      await useLanguage(page, language);
      await page.setViewportSize(VIEWPORTS[size]);

      // A fresh account: the empty states.
      const guestToken = await signIn(page, guest);
      await createEventByApi(page, guestToken, 'Spring keynote');
      await page.goto('/account/permissions');
      await expect(page.getByRole('form')).toBeVisible();
      await settled(page);
      await saveScreenshot(page, `sharing-empty-${language}-${size}`);

      const ownerToken = await signIn(page, owner);
      const launch = await createEventByApi(page, ownerToken, 'Product launch 2027');
      const meeting = await createEventByApi(page, ownerToken, 'Annual general meeting');
      const shared = await post(page, ownerToken, '/api/permissions', {
        eventId: launch.id,
        email: colleague.email,
      });
      await post(page, ownerToken, '/api/permissions', {
        eventId: launch.id,
        email: guest.email,
      });
      await post(page, ownerToken, `/api/events/${meeting.id}/owner-change`, {
        email: colleague.email,
      });

      const colleagueContext = await browser.newContext();
      try {
        const other = await colleagueContext.newPage();
        await useLanguage(other, language);
        await other.setViewportSize(VIEWPORTS[size]);
        const colleagueToken = await signIn(other, colleague);
        await other.goto('/account/permissions');
        await expect(other.getByTestId('owner-change-received')).toBeVisible();
        await settled(other);
        await saveScreenshot(other, `sharing-received-${language}-${size}`);
        await post(other, colleagueToken, `/api/permissions/${shared!.id}/accept`);
        await other.goto('/events');
        await expect(other.getByTestId('event-shared')).toBeVisible();
        await settled(other);
        await saveScreenshot(other, `sharing-events-list-${language}-${size}`);
        await other.goto(`/events/${launch.id}/admin`);
        await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
        await settled(other);
        await saveScreenshot(other, `sharing-admin-shared-user-${language}-${size}`);
      } finally {
        await colleagueContext.close();
      }

      await page.goto('/account/permissions');
      await expect(page.getByTestId('granted-permission')).toHaveCount(2);
      await settled(page);
      await saveScreenshot(page, `sharing-granted-${language}-${size}`);
      await page.getByTestId('granted-permission').first().getByRole('button').click();
      await settled(page);
      await page.screenshot({
        path: `screenshots/sharing-revoke-dialog-${language}-${size}.png`,
      });
      await page.goto(`/events/${launch.id}/admin`);
      await expect(page.getByRole('list').filter({ hasText: colleague.email })).toBeVisible();
      await settled(page);
      await saveScreenshot(page, `sharing-admin-owner-${language}-${size}`);
      await page.goto(`/events/${meeting.id}/admin`);
      await expect(page.getByRole('status').filter({ hasText: colleague.email })).toBeVisible();
      await settled(page);
      await saveScreenshot(page, `sharing-admin-pending-${language}-${size}`);
    });
  }
}
