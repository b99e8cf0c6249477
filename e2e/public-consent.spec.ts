import type { BrowserContext, Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import {
  expect,
  expectAccessible,
  keepScreenshot,
  setPlan,
  test,
  useLanguage,
} from './fixtures.js';

// Consent that holds (docs/decisions/051-consent-that-holds.md): with the banner on, the page
// makes no request to another origin before the viewer agrees. Every request to another origin is
// answered here by the test (nothing leaves the machine) and counted.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
const OWN_HOSTS = new Set(['localhost', 'events.localhost', '127.0.0.1']);
const SCREENSHOTS = '.tmp/screenshots/consent';

const EMBEDS = {
  playerMode: 'iframe',
  playerLink: 'https://www.youtube.com/embed/consent-test',
  sideFrameVisible: true,
  sideFrameLink: 'https://app.sli.do/event/consent-test',
  extraFrameVisible: true,
  extraFrameLink: 'https://www.google.com/maps/embed?pb=consent-test',
  customEmbedCode: '<script src="https://widgets.example.net/chat.js"></script>',
  complianceBanner: true,
  privacyLink: 'https://example.com/privacy',
  headline: 'Product Launch 2027: live from Berlin',
  introduction: 'Join us for an hour of announcements, demos and a live Q&A.',
};

/** The hosts of other origins the page asked for, in order, each answered with a stand-in. */
async function countOtherOrigins(context: BrowserContext): Promise<string[]> {
  const hosts: string[] = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (OWN_HOSTS.has(url.hostname)) return route.continue();
    hosts.push(url.hostname);
    if (url.pathname.endsWith('.js')) {
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.chatWidgetLoaded = true;',
      });
    }
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html style="height:100%"><title>Embed</title><body style="margin:0;height:100%;background:#334;color:#fff;font:16px sans-serif;display:grid;place-items:center"><p>${url.hostname}</p></body></html>`,
    });
  });
  return hosts;
}

async function setUp(page: Page) {
  const { account, accessToken } = await ownAccount(page);
  await setPlan(account.email, 'professional');
  const event = await createEventByApi(page, accessToken, 'Consent Event');
  const headers = { Authorization: `Bearer ${accessToken}` };
  const saved = await page.request.patch(`/api/event-settings/${event.id}`, {
    headers,
    data: { ...EMBEDS, language: 'en' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return { event, headers };
}

async function screenshot(page: Page, name: string) {
  // Not 'networkidle': an event page past its gate holds its live stream open (ADR 057).
  await page.waitForLoadState('load');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
    await keepScreenshot(page, `${SCREENSHOTS}/${name}-${String(width)}.png`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const frames = (page: Page) => page.locator('main iframe');

test.describe('consent banner', () => {
  // Several page loads, two languages and screenshots at two widths each.
  test.describe.configure({ timeout: 120_000 });

  test('nothing from another origin before "Agree"; all after it; withdrawn from the footer', async ({
    page,
  }) => {
    const { event } = await setUp(page);
    const hosts = await countOtherOrigins(page.context());
    const url = `${EVENTS_ORIGIN}/${event.slug}`;

    await page.goto(url, { waitUntil: 'networkidle' });
    expect(hosts).toEqual([]);
    await expect(page.getByText('Content from YouTube (youtube.com)')).toBeVisible();
    await expect(page.getByText('Content from Slido (sli.do)')).toBeVisible();
    await expect(page.getByText('Content from Google (google.com)')).toBeVisible();
    await expect(page.getByText('Content from widgets.example.net')).toBeVisible();
    const banner = page.getByRole('region', { name: 'Consent to content from other providers' });
    await expect(banner).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'en-before');

    // One placeholder's "Load content" loads that one only.
    await page.locator('.lv-extra-frame').getByRole('button', { name: 'Load content' }).click();
    await expect(frames(page)).toHaveCount(1);
    await expect(page.locator('.lv-extra-frame iframe')).toBeVisible();
    expect(hosts).toEqual(['www.google.com']);

    // "Agree" loads the rest, the embed code's script included.
    await banner.getByRole('button', { name: 'Agree' }).click();
    await expect(banner).toBeHidden();
    await expect(frames(page)).toHaveCount(3);
    await expect.poll(() => page.evaluate(() => 'chatWidgetLoaded' in window)).toBe(true);
    expect([...new Set(hosts)].sort()).toEqual(
      ['app.sli.do', 'widgets.example.net', 'www.google.com', 'www.youtube.com'].sort(),
    );
    await expectAccessible(page);
    await screenshot(page, 'en-agreed');

    // The choice holds on the next visit.
    hosts.length = 0;
    await page.reload({ waitUntil: 'networkidle' });
    await expect(banner).toBeHidden();
    await expect(frames(page)).toHaveCount(3);
    expect(hosts.length).toBeGreaterThan(0);

    // Withdrawn in the footer: the banner is back, the embeds are gone, and a reload keeps it so.
    await page.getByRole('button', { name: 'Privacy settings' }).click();
    await expect(banner).toBeVisible();
    await expect(frames(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Load content' })).toHaveCount(4);
    hosts.length = 0;
    await page.reload({ waitUntil: 'networkidle' });
    await expect(banner).toBeVisible();
    await expect(frames(page)).toHaveCount(0);
    expect(hosts).toEqual([]);
  });

  test('"Decline" keeps the placeholders; without embed code, withdrawing needs no reload', async ({
    page,
  }) => {
    const { event, headers } = await setUp(page);
    const saved = await page.request.patch(`/api/event-settings/${event.id}`, {
      headers,
      data: { customEmbedCode: '' },
    });
    expect(saved.status()).toBe(200);
    const hosts = await countOtherOrigins(page.context());
    await page.goto(`${EVENTS_ORIGIN}/${event.slug}`, { waitUntil: 'networkidle' });
    const banner = page.getByRole('region', { name: 'Consent to content from other providers' });
    await banner.getByRole('button', { name: 'Decline' }).click();
    await expect(banner).toBeHidden();
    await page.reload({ waitUntil: 'networkidle' });
    await expect(banner).toBeHidden();
    expect(hosts).toEqual([]);
    await page.getByRole('button', { name: 'Privacy settings' }).click();
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();
  });

  test('without JavaScript a placeholder names its provider and links to the source', async ({
    page,
    browser,
  }) => {
    const { event } = await setUp(page);
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const hosts = await countOtherOrigins(context);
      const viewer = await context.newPage();
      await viewer.goto(`${EVENTS_ORIGIN}/${event.slug}`, { waitUntil: 'networkidle' });
      await expect(viewer.getByText('Content from YouTube (youtube.com)')).toBeVisible();
      await expect(viewer.getByRole('link', { name: 'Open on youtube.com' })).toHaveAttribute(
        'href',
        EMBEDS.playerLink,
      );
      // The buttons need the page script: none is offered that could not work.
      await expect(viewer.getByRole('button', { name: 'Load content' })).toHaveCount(0);
      await expect(viewer.getByRole('button', { name: 'Agree' })).toHaveCount(0);
      expect(hosts).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the banner text set in the editor shows on the page, in English and German', async ({
    page,
  }) => {
    const { event, headers } = await setUp(page);
    // The German page is a channel with its language overridden and a text of its own.
    const german = await page.request.post(`/api/events/${event.id}/channels`, {
      headers,
      data: { slug: 'deutsch', title: 'Deutsch' },
    });
    expect(german.status(), await german.text()).toBe(201);
    const { id: germanId } = (await german.json()) as { id: string };
    const overridden = await page.request.patch(`/api/events/${event.id}/channels/${germanId}`, {
      headers,
      data: {
        overrides: {
          language: 'de',
          complianceTextDe: 'Wir zeigen den Stream über YouTube. Stimmen Sie zu, um ihn zu laden.',
        },
      },
    });
    expect(overridden.status(), await overridden.text()).toBe(200);

    await page.goto(`/events/${event.id}/compliance`);
    const text = 'We stream on YouTube. Agree to load the player and the chat.';
    await page.getByLabel(/^Banner text in English/).fill(text);
    await page.getByLabel(/^Banner text in German/).fill('Unser eigener Text.');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your changes have been saved.' }),
    ).toBeVisible();
    await screenshot(page, 'editor-en');
    await useLanguage(page, 'de');
    await page.reload();
    await expect(page.getByLabel(/^Bannertext auf Deutsch/)).toHaveValue('Unser eigener Text.');
    await screenshot(page, 'editor-de');

    const hosts = await countOtherOrigins(page.context());
    // A save reaches the cached page within 30 s.
    await expect(async () => {
      await page.goto(`${EVENTS_ORIGIN}/${event.slug}`);
      await expect(page.locator('.lv-consent p').first()).toContainText(text, { timeout: 500 });
    }).toPass({ timeout: 30_000, intervals: [2000] });

    await page.goto(`${EVENTS_ORIGIN}/${event.slug}/deutsch`, { waitUntil: 'load' });
    const banner = page.getByRole('region', { name: 'Einwilligung für Inhalte anderer Anbieter' });
    await expect(banner).toContainText('Wir zeigen den Stream über YouTube.');
    await expect(page.getByText('Inhalt von YouTube (youtube.com)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Inhalt laden' })).toHaveCount(4);
    await expectAccessible(page);
    await screenshot(page, 'de-before');
    await banner.getByRole('button', { name: 'Zustimmen' }).click();
    await expect(frames(page)).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Datenschutz-Einstellungen' })).toBeVisible();
    await screenshot(page, 'de-agreed');
    expect(hosts.length).toBeGreaterThan(0);
  });
});
