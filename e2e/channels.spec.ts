import type { Page } from '@playwright/test';
import {
  baseURL,
  expect,
  expectAccessible,
  registerAccount,
  saveScreenshot,
  signIn,
  test,
  useLanguage,
  VIEWPORTS,
} from './fixtures.js';

/**
 * Channels and routing rules (ADR 018): channels up to the free plan's
 * limit, a channel's overrides, switching channels on the public page, and a first-time viewer
 * sent to the German channel by a browser-language rule.
 */

/** The public pages' origin of the e2e server (EVENTS_URL's default). */
const e2eEventsUrl = baseURL.replace('//localhost', '//events.localhost');

interface OwnEvent {
  eventId: string;
  slug: string;
  token: string;
}

/** A fresh account of its own, signed in, with one event created through the API. */
async function ownEvent(page: Page, title = 'Channel Summit'): Promise<OwnEvent> {
  const account = await registerAccount();
  const token = await signIn(page, account);
  const response = await page.request.post('/api/events', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id, slug } = (await response.json()) as { id: string; slug: string };
  return { eventId: id, slug, token };
}

async function apiChannel(page: Page, event: OwnEvent, slug: string, title: string) {
  const response = await page.request.post(`/api/events/${event.eventId}/channels`, {
    headers: { Authorization: `Bearer ${event.token}` },
    data: { slug, title },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

const saved = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Your changes have been saved.' });

test.describe('channels (/events/{id}/channels)', () => {
  test('creates channels up to the free limit and says when it is reached', async ({ page }) => {
    const event = await ownEvent(page);
    await page.goto(`/events/${event.eventId}/channels`);
    await expect(page.getByRole('heading', { name: 'No channels yet' })).toBeVisible();

    await page.getByRole('button', { name: 'Add channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a channel' });
    await dialog.getByLabel('Title').fill('Deutsche Übertragung');
    await expect(dialog.getByLabel('Address')).toHaveValue('deutsche-uebertragung');
    await dialog.getByLabel('Address').fill('deutsch');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    // A new channel opens its own screen.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Deutsche Übertragung' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'All channels' }).click();

    await page.getByRole('button', { name: 'Add channel' }).click();
    await dialog.getByLabel('Title').fill('English');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'English' })).toBeVisible();
    await page.getByRole('link', { name: 'All channels' }).click();

    await expect(page.getByTestId('channel')).toHaveCount(2);
    await expect(page.getByTestId('channel-usage')).toHaveText('2 of 2 channels');
    await expect(
      page.getByText('Channel limit reached. Delete some channels first.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add channel' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Open public page of English' })).toHaveAttribute(
      'href',
      `${e2eEventsUrl}/${event.slug}/english`,
    );
    await expectAccessible(page);

    // The server refuses a third one too (e.g. from a second tab).
    const third = await page.request.post(`/api/events/${event.eventId}/channels`, {
      headers: { Authorization: `Bearer ${event.token}` },
      data: { slug: 'fr', title: 'Français' },
    });
    expect(third.status()).toBe(403);
    expect((await third.json()).message).toBe('EventChannel limit reached');

    // Deleting frees a place.
    await page.getByRole('button', { name: 'Delete English' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete channel' }).click();
    await expect(page.getByTestId('channel')).toHaveCount(1);
    await expect(page.getByTestId('channel-usage')).toHaveText('1 of 2 channels');
    await expect(page.getByRole('button', { name: 'Add channel' })).toBeEnabled();
  });

  test("edits a channel's overrides and keeps them over a reload", async ({ page }) => {
    const event = await ownEvent(page);
    const patched = await page.request.patch(`/api/event-settings/${event.eventId}`, {
      headers: { Authorization: `Bearer ${event.token}` },
      data: { headline: 'Live from Berlin', language: 'en' },
    });
    expect(patched.status()).toBe(200);
    const channel = await apiChannel(page, event, 'de', 'Deutsch');
    await page.goto(`/events/${event.eventId}/channels/${channel.id}`);

    const headline = page.getByTestId('override-headline');
    await expect(headline).toContainText('Event: Live from Berlin');
    await headline.getByRole('checkbox', { name: 'Override Headline' }).check();
    await expect(headline.getByLabel('Headline', { exact: true })).toHaveValue('Live from Berlin');
    await headline.getByLabel('Headline', { exact: true }).fill('Live aus Berlin');
    const language = page.getByTestId('override-language');
    await language.getByRole('checkbox', { name: 'Override Language' }).check();
    await language.getByLabel('Language of the page').selectOption('de');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(saved(page)).toBeVisible();

    await page.reload();
    await expect(headline.getByLabel('Headline', { exact: true })).toHaveValue('Live aus Berlin');
    await expect(language.getByLabel('Language of the page')).toHaveValue('de');

    // Unchecking removes the override.
    await headline.getByRole('checkbox', { name: 'Override Headline' }).uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(saved(page)).toBeVisible();
    const stored = await page.request.get(`/api/events/${event.eventId}/channels/${channel.id}`, {
      headers: { Authorization: `Bearer ${event.token}` },
    });
    expect((await stored.json()).overrides).toEqual({ language: 'de' });
  });

  test('follows a browser-language routing rule and switches channels', async ({
    page,
    browser,
  }) => {
    const event = await ownEvent(page);
    await apiChannel(page, event, 'deutsch', 'Deutsch');
    await page.goto(`/events/${event.eventId}/channels`);

    await page.getByRole('button', { name: 'Add rule' }).click();
    const rule = page.getByTestId('routing-rule');
    await rule.getByLabel("If the viewer's").selectOption('ip');
    await rule.getByLabel('is').fill('not-an-address');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(rule.getByText('IP address or network (CIDR) not valid')).toBeVisible();
    await rule.getByLabel("If the viewer's").selectOption('language');
    await rule.getByLabel('is').selectOption('de');
    await rule.getByLabel('send to').selectOption({ label: 'Deutsch' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(saved(page)).toBeVisible();

    const german = await browser.newContext({ locale: 'de-DE' });
    try {
      const viewer = await german.newPage();
      await viewer.goto(`${e2eEventsUrl}/${event.slug}`);
      await expect(viewer).toHaveURL(`${e2eEventsUrl}/${event.slug}/deutsch`);
      // Choosing the main event in the channel menu sticks.
      await viewer.getByRole('link', { name: /Hauptveranstaltung|Main event/ }).click();
      await expect(viewer).toHaveURL(`${e2eEventsUrl}/${event.slug}`);
      await viewer.getByRole('link', { name: 'Deutsch' }).click();
      await expect(viewer).toHaveURL(`${e2eEventsUrl}/${event.slug}/deutsch`);
    } finally {
      await german.close();
    }

    const english = await browser.newContext({ locale: 'en-US' });
    try {
      const viewer = await english.newPage();
      await viewer.goto(`${e2eEventsUrl}/${event.slug}`);
      await expect(viewer).toHaveURL(`${e2eEventsUrl}/${event.slug}`);
    } finally {
      await english.close();
    }
  });
});

test.describe('channel screens look right', () => {
  for (const language of ['en', 'de'] as const) {
    for (const [viewport, size] of Object.entries(VIEWPORTS)) {
      test(`${language} ${viewport}`, async ({ page }) => {
        await page.setViewportSize(size);
        await useLanguage(page, language);
        const event = await ownEvent(page, language === 'de' ? 'Produktstart' : 'Product launch');
        const channel = await apiChannel(page, event, 'de', 'Deutsch');
        await apiChannel(page, event, 'en', 'English');
        const rules = await page.request.patch(`/api/event-settings/${event.eventId}`, {
          headers: { Authorization: `Bearer ${event.token}` },
          data: {
            channelRoutingRules: [
              { kind: 'language', value: 'de', channelId: channel.id },
              { kind: 'ip', value: '203.0.113.0/24', channelId: channel.id },
            ],
          },
        });
        expect(rules.status(), await rules.text()).toBe(200);
        await page.request.patch(`/api/events/${event.eventId}/channels/${channel.id}`, {
          headers: { Authorization: `Bearer ${event.token}` },
          data: { overrides: { language: 'de', headline: 'Live aus Berlin' } },
        });

        await page.goto(`/events/${event.eventId}/channels`);
        await expect(page.getByTestId('routing-rule')).toHaveCount(2);
        await expectAccessible(page);
        await saveScreenshot(page, `channels-list-${language}-${viewport}`);

        await page.goto(`/events/${event.eventId}/channels/${channel.id}`);
        await expect(page.getByTestId('override-headline')).toBeVisible();
        await expectAccessible(page);
        await saveScreenshot(page, `channel-editor-${language}-${viewport}`);
      });
    }
  }
});
