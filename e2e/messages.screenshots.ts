import { request, type APIRequestContext, type Page } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, saveScreenshot, test, useLanguage, VIEWPORTS } from './fixtures.js';

/**
 * Screenshots of the message inbox and the guest inbox (ADR 025) in both languages and sizes,
 * for people to look at (not compared). `npm run screenshots` runs this file; `npm test` does not.
 */

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;

const QUESTIONS = [
  ['Maria', 'Will the recording be available after the event, and for how long?'],
  ['', 'Can you share the slides of the keynote?'],
  ['Jonas Weber', 'How does the new pricing work for teams with more than 50 seats?'],
  ['Priya', 'Is there a German version of the live stream?'],
  ['', 'The audio dropped for a few seconds around minute 12, is that only me?'],
  ['Tom', 'What is on the roadmap for the mobile apps this year?'],
] as const;

interface Seeded {
  eventId: string;
  guestPath: string;
}

async function seed(page: Page): Promise<Seeded> {
  const { accessToken } = await ownAccount(page);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const event = await createEventByApi(page, accessToken, 'Product Launch 2027');
  const channel = await page.request.post(`/api/events/${event.id}/channels`, {
    headers,
    data: { slug: 'berlin', title: 'Berlin stage' },
  });
  expect(channel.ok()).toBe(true);
  const settings = await page.request.patch(`/api/event-settings/${event.id}`, {
    headers,
    data: { messagesEnabled: true, messagesMode: 'qa', messagesGuestToken: 'renew' },
  });
  const { messagesGuestToken } = (await settings.json()) as { messagesGuestToken: string };

  const viewers: APIRequestContext[] = [];
  for (const [index, [name, text]] of QUESTIONS.entries()) {
    // Node does not resolve events.localhost as Chromium does: the events host by its header.
    const viewer = await request.newContext({
      baseURL: `http://127.0.0.1:${e2ePort}`,
      extraHTTPHeaders: { Host: new URL(EVENTS_ORIGIN).host },
    });
    viewers.push(viewer);
    const data = {
      name,
      text,
      key: crypto.randomUUID(),
      ...(index % 3 === 2 ? { channel: 'berlin' } : {}),
    };
    const sent = await viewer.post(`/${event.slug}/_messages`, { data });
    expect(sent.ok(), await sent.text()).toBe(true);
  }
  const list = await page.request.get(`/api/events/${event.id}/messages?sort=oldest`, { headers });
  const { results } = (await list.json()) as { results: { id: string }[] };
  const patch = (id: string, data: object) =>
    page.request.patch(`/api/events/${event.id}/messages/${id}`, { headers, data });
  await patch(results[0]!.id, { status: 'approved', read: true });
  await patch(results[0]!.id, { answer: 'Yes, for 30 days on this page.', answerPublic: true });
  await patch(results[2]!.id, { status: 'approved', pinned: true, read: true });
  await patch(results[4]!.id, { status: 'declined', read: true });
  for (const viewer of viewers.slice(0, 4)) {
    await viewer.post(`/${event.slug}/_messages/${results[2]!.id}/vote`);
  }
  await Promise.all(viewers.map((viewer) => viewer.dispose()));
  await page.request.post(`/api/events/${event.id}/messages`, {
    headers,
    data: { text: 'Priya from support takes the audio questions.' },
  });
  return {
    eventId: event.id,
    guestPath: `/shared/messages/${event.id}?token=${encodeURIComponent(messagesGuestToken)}`,
  };
}

async function settle(page: Page): Promise<void> {
  await expect(page.getByTestId('message-row').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

for (const language of ['en', 'de'] as const) {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    const suffix = `${viewportName}-${language}`;
    test.describe(`messages screenshots ${language} ${viewportName}`, () => {
      test.use({ viewport });

      test('inbox and guest inbox', async ({ page, browser }) => {
        test.setTimeout(90_000);
        const seeded = await seed(page);
        await useLanguage(page, language);
        await page.goto(`/events/${seeded.eventId}/messages`);
        await settle(page);
        await saveScreenshot(page, `messages-inbox-${suffix}`);
        await page.getByTestId('message-row').nth(1).click();
        await expect(page.getByTestId('message-detail')).toBeVisible();
        await settle(page);
        await saveScreenshot(page, `messages-inbox-open-${suffix}`);

        const guestContext = await browser.newContext({ viewport });
        const guest = await guestContext.newPage();
        await useLanguage(guest, language);
        await guest.goto(seeded.guestPath);
        await settle(guest);
        await saveScreenshot(guest, `messages-guest-${suffix}`);
        await guestContext.close();
      });
    });
  }
}
