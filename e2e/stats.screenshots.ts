import { request, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { resolve } from 'node:path';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, saveScreenshot, test, useLanguage, VIEWPORTS } from './fixtures.js';
import { EVENTS_ORIGIN, VIEWER_USER_AGENT } from './stats-helpers.js';

/**
 * Screenshots of the stats screen (ADR 027) in both languages and sizes, for people to look at
 * (not compared). `npm run screenshots` runs this file; `npm test` does not.
 *
 * Beacons only ever count the present minute, so the day before is written into the e2e
 * server's own database (scripts/e2e-server.mjs: `.tmp/e2e/<port>/livent.db`) as the minute rows
 * the collector writes: a rehearsal in the morning and the live event now. The viewers watching
 * now come through the public beacon endpoint like real ones.
 */

const MINUTE = 60_000;

/** Viewers of a minute `ago` minutes back: a rehearsal 10 hours ago and the event since 90 minutes. */
function viewersAt(ago: number): number {
  const bump = (centre: number, width: number, height: number) =>
    height * Math.exp(-(((ago - centre) / width) ** 2));
  const wobble = 1 + 0.06 * Math.sin(ago / 3) + 0.04 * Math.sin(ago / 7.3);
  const live = ago <= 90 ? 520 + 260 * Math.sin(((90 - ago) / 90) * Math.PI * 0.8) : 0;
  return Math.max(0, Math.round((bump(600, 70, 140) + live + bump(100, 15, 180)) * wobble));
}

function seedHistory(eventId: string, channelId: string): void {
  const db = new Database(resolve(`.tmp/e2e/${e2ePort}/livent.db`));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `INSERT INTO stats_minutes (event_id, minute, channel_key, pageviews, uniques, viewers, playing)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  db.transaction(() => {
    // Up to the minute before this one: the collector owns the present minute.
    for (let ago = 24 * 60; ago >= 1; ago -= 1) {
      const minute = new Date(now - ago * MINUTE).toISOString();
      const viewers = viewersAt(ago);
      const rising = Math.max(0, viewers - viewersAt(ago + 1));
      const pageviews = Math.round(rising * 1.2 + viewers * 0.03);
      const uniques = Math.round(pageviews * 0.7);
      // The Berlin stage has about a third of the audience.
      for (const [key, share] of [
        ['', 0.68],
        [channelId, 0.32],
      ] as const) {
        insert.run(
          eventId,
          minute,
          key,
          Math.round(pageviews * share),
          Math.round(uniques * share),
          Math.round(viewers * share),
          Math.round(viewers * share * 0.85),
        );
      }
    }
  })();
  db.close();
}

/** Viewers on the public page now, through the beacon endpoint (main page and Berlin stage). */
async function watchNow(slug: string): Promise<void> {
  // Node does not resolve events.localhost as Chromium does: the events host by its header.
  const viewer = await request.newContext({
    baseURL: `http://127.0.0.1:${e2ePort}`,
    extraHTTPHeaders: { Host: new URL(EVENTS_ORIGIN).host, 'User-Agent': VIEWER_USER_AGENT },
  });
  // Each page's view token, where the viewer script reads it (ADR 045).
  const tokenOf = async (path: string): Promise<string> => {
    const page = await viewer.get(path);
    const token = /data-stats="([^"]+)"/.exec(await page.text())?.[1];
    expect(token, path).toBeDefined();
    return token!;
  };
  const tokens = { main: await tokenOf(`/${slug}`), berlin: await tokenOf(`/${slug}/berlin`) };
  for (let index = 0; index < 12; index += 1) {
    const channel = index % 3 === 2;
    const beacon = JSON.stringify({
      t: channel ? tokens.berlin : tokens.main,
      p: true,
      ...(channel ? { c: 'berlin' } : {}),
    });
    const sent = await viewer.post(`/${slug}/_stats/view`, {
      data: beacon,
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  await viewer.dispose();
}

async function seed(page: Page): Promise<string> {
  const { accessToken } = await ownAccount(page);
  const event = await createEventByApi(page, accessToken, 'Product Launch 2027');
  const channel = await page.request.post(`/api/events/${event.id}/channels`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { slug: 'berlin', title: 'Berlin stage' },
  });
  expect(channel.ok()).toBe(true);
  const { id: channelId } = (await channel.json()) as { id: string };
  seedHistory(event.id, channelId);
  await watchNow(event.slug);
  return event.id;
}

for (const language of ['en', 'de'] as const) {
  for (const size of ['desktop', 'mobile'] as const) {
    test(`stats screen, ${language}, ${size}`, async ({ page }) => {
      test.setTimeout(60_000);
      const eventId = await seed(page);
      await useLanguage(page, language);
      await page.setViewportSize(VIEWPORTS[size]);
      await page.goto(`/events/${eventId}/stats`);
      const viewersNow = page.getByTestId('viewers-now');
      await expect(viewersNow.getByText('12', { exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('figure')).toHaveCount(2);
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      );
      await saveScreenshot(page, `stats-${language}-${size}`);
    });
  }
}

test('stats screen over the last hour and the last 7 days, en, desktop', async ({ page }) => {
  test.setTimeout(60_000);
  const eventId = await seed(page);
  await page.goto(`/events/${eventId}/stats`);
  for (const [period, name] of [
    ['Last hour', 'hour'],
    ['Last 7 days', 'week'],
  ] as const) {
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: period }).click();
    await expect(page.getByTestId('stats-content')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('figure')).toHaveCount(2);
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    await saveScreenshot(page, `stats-en-desktop-${name}`);
  }
});

test('stats screen before anyone came, en, desktop', async ({ page }) => {
  const { accessToken } = await ownAccount(page);
  const event = await createEventByApi(page, accessToken, 'Product Launch 2027');
  await page.goto(`/events/${event.id}/stats`);
  await expect(page.getByRole('heading', { name: 'No viewers in this period' })).toBeVisible();
  await saveScreenshot(page, 'stats-en-desktop-empty');
});
