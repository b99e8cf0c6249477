import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount, patchSettings } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, expectAccessible, saveScreenshot, test, VIEWPORTS } from './fixtures.js';

// The public event page on the events origin (ADR 017): settings made in the dashboard
// show there, viewers send messages, and each layout looks right on desktop and phone.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;

const RICH_SETTINGS = {
  headline: 'Product Launch 2027: live from Berlin',
  description: 'The yearly product launch, streamed live.',
  startMode: 'datetime',
  startDate: '2027-03-18',
  startTime: '17:00',
  // The page as it shows during the live hour (the start is ahead: it would count down to it).
  pageState: 'live',
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

  test('the dashboard overview previews the page in its sandbox with the page script running', async ({
    page,
  }) => {
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Preview Event');
    await patchSettings(page, accessToken, event.id, { ...RICH_SETTINGS, complianceBanner: true });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.goto(`/events/${event.id}`);
    const preview = page.frameLocator('iframe[sandbox]');
    // The consent banner goes away on "Agree" only when the page script runs in the sandbox.
    await preview.getByRole('button', { name: 'Agree' }).click();
    await expect(
      preview.getByRole('region', { name: 'Consent to content from other providers' }),
    ).toBeHidden();
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(RICH_SETTINGS.headline);
    expect(refused.filter((text) => /Content.Security.Policy|CSP|blocked/i.test(text))).toEqual([]);
  });

  for (const layout of ['classic', 'modern', 'tube'] as const) {
    test(`layout ${layout} at desktop and mobile width, in English and German`, async ({
      page,
    }) => {
      const { accessToken } = await ownAccount(page);
      const event = await createEventByApi(page, accessToken, `${layout} layout`);
      await patchSettings(page, accessToken, event.id, { ...RICH_SETTINGS, layout });
      await addHighlights(page, accessToken, event.id);
      // The German page is the channel "Deutsch" with the language overridden: no waiting for
      // the English page's cache to turn over.
      const headers = { Authorization: `Bearer ${accessToken}` };
      const german = await page.request.post(`/api/events/${event.id}/channels`, {
        headers,
        data: { slug: 'deutsch', title: 'Deutsch' },
      });
      expect(german.status(), await german.text()).toBe(201);
      const { id: germanId } = (await german.json()) as { id: string };
      const overridden = await page.request.patch(`/api/events/${event.id}/channels/${germanId}`, {
        headers,
        data: { overrides: { language: 'de' } },
      });
      expect(overridden.status(), await overridden.text()).toBe(200);
      const backstage = await page.request.post(`/api/events/${event.id}/channels`, {
        headers,
        data: { slug: 'backstage', title: 'Backstage' },
      });
      expect(backstage.status(), await backstage.text()).toBe(201);
      for (const [language, path, channels] of [
        ['en', `/${event.slug}`, 'Channels'],
        ['de', `/${event.slug}/deutsch`, 'Kanäle'],
      ] as const) {
        for (const [name, viewport] of Object.entries(VIEWPORTS)) {
          await page.setViewportSize(viewport);
          await page.goto(`${EVENTS_ORIGIN}${path}`);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.locator(`body.lv-layout-${layout}`)).toBeVisible();
          await expect(page.getByRole('navigation', { name: channels })).toBeVisible();
          await expect(page.getByRole('heading', { name: 'Opening keynote' })).toBeVisible();
          await saveScreenshot(page, `public-page-${layout}-${name}-${language}`);
        }
        await expectAccessible(page);
      }
    });
  }
});

/** Four highlights in two groups, three of them with a picture. */
async function addHighlights(page: Page, token: string, eventId: string) {
  const { default: sharp } = await import('sharp');
  const items = [
    { group: 'Programme', title: 'Opening keynote', colors: ['#5b3fd6', '#0ea5e9'] },
    { group: 'Programme', title: 'Product demos', colors: ['#0f766e', '#84cc16'] },
    { group: 'Programme', title: 'Customer stories', colors: ['#be123c', '#f59e0b'] },
    { group: 'Downloads', title: 'Press kit', colors: null },
  ];
  for (const item of items) {
    let image: string | null = null;
    if (item.colors) {
      const [from, to] = item.colors;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/><circle cx="480" cy="110" r="90" fill="rgba(255,255,255,0.18)"/></svg>`;
      const upload = await page.request.post('/api/uploads', {
        headers: { Authorization: `Bearer ${token}` },
        multipart: {
          file: {
            name: 'picture.png',
            mimeType: 'image/png',
            buffer: await sharp(Buffer.from(svg)).png().toBuffer(),
          },
        },
      });
      expect(upload.ok(), await upload.text()).toBe(true);
      image = ((await upload.json()) as { url: string }).url;
    }
    const created = await page.request.post(`/api/events/${eventId}/highlights`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        group: item.group,
        title: item.title,
        description: 'Everything that matters at a glance, with a link to the details.',
        link: 'https://example.com/details',
        image,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
}
