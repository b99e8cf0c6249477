import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { expect, expectAccessible, keepScreenshot, test, useLanguage } from './fixtures.js';

// The spec's loose ends (ADR 054): the access overview, strict paths, the report dialog on
// errors other than network errors, and dates in the user's time zone. Screenshots of the new
// screens go to .tmp/screenshots/loose/ for people to look at.

const SHOTS = '.tmp/screenshots/loose';
const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

async function shoot(page: Page, name: string): Promise<void> {
  await keepScreenshot(page, `${SHOTS}/${name}.png`);
}

async function setUp(page: Page) {
  const { account, accessToken } = await ownAccount(page);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const event = await createEventByApi(page, accessToken, 'Loose Ends Summit');
  return { account, accessToken, headers, event };
}

test.describe('access overview (spec section 2, /events/{id}/access)', () => {
  test('shows the access mode, the counts and links into the lists, in English and German', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { headers, event } = await setUp(page);
    const saved = await page.request.patch(`/api/event-settings/${event.id}`, {
      headers,
      data: { accessMode: 'invitation' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    for (const name of ['Ada Lovelace', 'Grace Hopper']) {
      const invited = await page.request.post(`/api/events/${event.id}/invitations`, {
        headers,
        data: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
      });
      expect(invited.status(), await invited.text()).toBe(201);
    }

    await page.goto(`/events/${event.id}/access`);
    await expect(page.getByRole('heading', { level: 1, name: 'Access' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Invitation' })).toBeVisible();
    await expect(page.getByTestId('access-count-invitations')).toHaveText('2');
    await expect(page.getByTestId('access-count-registrations')).toHaveText('0');
    await expect(page.getByText('Not available yet')).toHaveCount(0);
    await expectAccessible(page);
    for (const [size, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      await shoot(page, `access-overview-en-${size}`);
    }
    await page.setViewportSize(WIDTHS.desktop);

    await page.getByRole('link', { name: 'Open the invitation list' }).click();
    await expect(page).toHaveURL(`/events/${event.id}/access/invitationlist`);
    await expect(page.getByRole('table', { name: 'Invitations' })).toContainText('Grace Hopper');
    await page.goBack();
    await page.locator('#main-content').getByRole('link', { name: 'Access settings' }).click();
    await expect(page).toHaveURL(`/events/${event.id}/access/settings`);

    await useLanguage(page, 'de');
    await page.goto(`/events/${event.id}/access`);
    await expect(page.getByRole('heading', { level: 1, name: 'Zugang' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Einladungsliste öffnen' })).toBeVisible();
    await expectAccessible(page);
    for (const [size, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      await shoot(page, `access-overview-de-${size}`);
    }
  });
});

test.describe('strict paths (spec section 2)', () => {
  test('/events/ with a trailing slash is not the events list', async ({ page }) => {
    await ownAccount(page);
    await page.goto('/events/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This page could not be found',
    );
    await expect(page).toHaveURL(/\/events\/$/);
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  });
});

test.describe('error reporting (spec section 8)', () => {
  test('an error of the dashboard offers the report dialog, which sends it as feedback', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await ownAccount(page);
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();

    // A network error is not reported.
    await page.evaluate(() => {
      void Promise.reject(new TypeError('Failed to fetch'));
    });
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // A fault of the dashboard's code is.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new TypeError("Cannot read properties of undefined (reading 'title')");
      });
    });
    const dialog = page.getByRole('dialog', { name: 'Something went wrong' });
    await expect(dialog).toBeVisible();
    await dialog.getByText('Error details').click();
    await expect(dialog.getByTestId('error-report-details')).toContainText('/events');
    await expectAccessible(page);
    for (const [size, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      await shoot(page, `error-report-en-${size}`);
    }

    await dialog.getByLabel(/What were you doing/).fill('Opening the events list');
    const sent = page.waitForRequest(
      (request) => request.url().endsWith('/api/feedback') && request.method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const body = (await sent).postDataJSON() as {
      message: string;
      error: { name: string; message: string; path: string };
    };
    expect(body.message).toBe('Opening the events list');
    expect(body.error).toMatchObject({
      name: 'TypeError',
      message: "Cannot read properties of undefined (reading 'title')",
      path: '/events',
    });
    await expect(page.getByText('Thank you! Your report has been sent.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });

  test('the dialog speaks German', async ({ page }) => {
    await ownAccount(page);
    await useLanguage(page, 'de');
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Veranstaltungen' })).toBeVisible();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Kaputt');
      });
    });
    const dialog = page.getByRole('dialog', { name: 'Etwas ist schiefgelaufen' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Bericht senden' })).toBeVisible();
    await expectAccessible(page);
    for (const [size, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      await shoot(page, `error-report-de-${size}`);
    }
  });
});

test.describe('time zone setting (spec section 3, "Settings")', () => {
  test('the invitation list dates in the user’s time zone, not the browser’s', async ({ page }) => {
    const { headers, event } = await setUp(page);
    const zone = await page.request.patch('/api/settings', {
      headers,
      data: { timezone: 'Pacific/Auckland' },
    });
    expect(zone.status(), await zone.text()).toBe(200);
    const invited = await page.request.post(`/api/events/${event.id}/invitations`, {
      headers,
      data: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const { createdAt } = (await invited.json()) as { createdAt: string };
    const format = (timeZone: string) =>
      new Intl.DateTimeFormat('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone,
      }).format(new Date(createdAt));

    await page.goto(`/events/${event.id}/access/invitationlist`);
    const row = page.getByRole('row').filter({ hasText: 'Ada Lovelace' });
    await row
      .getByText(/\d{4}$/)
      .first()
      .hover();
    // The browser runs in UTC (playwright.config.ts); the dates follow the setting.
    await expect(page.getByRole('tooltip')).toHaveText(format('Pacific/Auckland'));
    expect(format('Pacific/Auckland')).not.toBe(format('UTC'));
  });
});
