import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, expectAccessible, saveScreenshot, test, VIEWPORTS } from './fixtures.js';

// The public event page on the events origin (issue 5; ADR 017): settings made in the dashboard
// show there, viewers send messages, and each layout looks right on desktop and phone.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;

async function patchSettings(page: Page, token: string, id: string, data: object) {
  const response = await page.request.patch(`/api/event-settings/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
}

const RICH_SETTINGS = {
  headline: 'Product Launch 2027: live from Berlin',
  description: 'The yearly product launch, streamed live.',
  startMode: 'datetime',
  startDate: '2027-03-18',
  startTime: '17:00',
  introduction:
    'Join us for an hour of announcements, demos and a live Q&A with the team.\nEverything is streamed in HD.',
  agenda: '17:00 Welcome and keynote\n17:25 Product demos\n17:45 Customer stories\n18:00 Live Q&A',
  content:
    'Questions before the event? Read the FAQ at https://example.com/faq and share the page with your colleagues.',
  ctaTitle: 'Register for updates',
  ctaLink: 'https://example.com/register',
  messagesEnabled: true,
  messagesPrompt: 'Ask the speakers a question',
  menuItems: [
    { name: 'Programme', link: 'https://example.com/programme', newWindow: false },
    { name: 'Speakers', link: 'https://example.com/speakers', newWindow: false },
    { name: 'Press', link: 'https://example.com/press', newWindow: true },
  ],
  legalTermsLink: 'https://example.com/legal',
  privacyLink: 'https://example.com/privacy',
  accentColor: '#5b3fd6',
  language: 'en',
};

test.describe('public event page', () => {
  test('settings show on the public page within 30 seconds; a viewer sends a message', async ({
    page,
  }) => {
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Launch Event');
    await patchSettings(page, accessToken, event.id, RICH_SETTINGS);
    const url = `${EVENTS_ORIGIN}/${event.slug}`;

    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(RICH_SETTINGS.headline);
    await expectAccessible(page);

    // A change on the dashboard's appearance screen reaches the open page within 30 s.
    const dashboard = await page.context().newPage();
    await dashboard.goto(`/events/${event.id}/appearance`);
    await dashboard.getByLabel('Accent', { exact: true }).fill('#c2185b');
    await dashboard.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      dashboard.getByRole('status').filter({ hasText: 'Your changes have been saved.' }),
    ).toBeVisible();
    await dashboard.close();
    await expect(async () => {
      await page.reload();
      const accent = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--lv-accent'),
      );
      expect(accent.trim()).toBe('#c2185b');
    }).toPass({ timeout: 30_000, intervals: [2000] });

    // The message tool: sent without leaving the page.
    await page.getByLabel('Your name').fill('Grace');
    await page.getByLabel('Your message').fill('Will the demos be recorded?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toHaveText('Thank you! Your message has been sent.');
    await expect(page.getByLabel('Your message')).toHaveValue('');
  });

  test('unknown events answer the 404 page; the navigation collapses on phones', async ({
    page,
  }) => {
    const response = await page.goto(`${EVENTS_ORIGIN}/no-such-event-here`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();

    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Phone Event');
    await patchSettings(page, accessToken, event.id, RICH_SETTINGS);
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`${EVENTS_ORIGIN}/${event.slug}`);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(page.getByRole('link', { name: 'Speakers' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Speakers' })).toBeVisible();
  });

  for (const layout of ['classic', 'modern', 'tube'] as const) {
    test(`layout ${layout} at desktop and mobile width`, async ({ page }) => {
      const { accessToken } = await ownAccount(page);
      const event = await createEventByApi(page, accessToken, `${layout} layout`);
      await patchSettings(page, accessToken, event.id, { ...RICH_SETTINGS, layout });
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await page.goto(`${EVENTS_ORIGIN}/${event.slug}`);
        await expect(page.locator(`body.lv-layout-${layout}`)).toBeVisible();
        await saveScreenshot(page, `public-page-${layout}-${name}`);
      }
      await expectAccessible(page);
    });
  }
});
