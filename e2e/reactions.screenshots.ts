import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount, patchSettings } from './event-helpers.js';
import { e2ePort } from '../playwright.config.js';
import { expect, test, useLanguage } from './fixtures.js';
import { openAsViewer } from './stats-helpers.js';

/**
 * Screenshots of the reactions bar (ADR 059) in the three layouts, and of the stats screen with
 * reactions, in both languages at 1440 and 390 px, for people to look at (not compared), in
 * `.tmp/screenshots/reactions/`. The hour before is written into the e2e server's database as
 * the aggregator writes it (see stats.screenshots.ts).
 */

const DIR = '.tmp/screenshots/reactions';
const WIDTHS = { wide: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const MINUTE = 60_000;

function seedReactions(eventId: string): void {
  const db = new Database(resolve(`.tmp/e2e/${e2ePort}/livent.db`));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    'INSERT INTO reaction_counts (event_id, minute, reaction, count) VALUES (?, ?, ?, ?)',
  );
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  const shares = { heart: 9, applause: 6, laugh: 3, wow: 1, thumbsup: 4 };
  db.transaction(() => {
    for (let ago = 90; ago >= 1; ago -= 1) {
      const minute = new Date(now - ago * MINUTE).toISOString();
      for (const [reaction, share] of Object.entries(shares)) {
        insert.run(eventId, minute, reaction, Math.round(share * (1 + Math.sin(ago / 9)) * 4));
      }
    }
  })();
  db.close();
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  await page.screenshot({ path: `${DIR}/${name}.png` });
}

for (const language of ['en', 'de'] as const) {
  for (const [width, viewport] of Object.entries(WIDTHS)) {
    test(`reactions bar, ${language}, ${width}`, async ({ page, browser }) => {
      test.setTimeout(90_000);
      const { accessToken } = await ownAccount(page);
      const event = await createEventByApi(page, accessToken, 'Product Launch 2027');
      for (const layout of ['classic', 'modern', 'tube'] as const) {
        await patchSettings(page, accessToken, event.id, {
          language,
          layout,
          headline: language === 'de' ? 'Willkommen zum Launch' : 'Welcome to the launch',
        });
        const viewer = await openAsViewer(browser, event.slug);
        await viewer.setViewportSize(viewport);
        const bar = viewer.locator('.lv-reactions');
        await bar.scrollIntoViewIfNeeded();
        await viewer.evaluate(() => window.scrollBy(0, 120));
        for (const button of await bar.getByRole('button').all()) await button.click();
        await viewer.locator('.lv-reaction').nth(1).focus();
        await viewer.waitForTimeout(700);
        await shot(viewer, `bar-${layout}-${language}-${width}`);
        await viewer.context().close();
      }
    });

    test(`stats with reactions, ${language}, ${width}`, async ({ page, browser }) => {
      test.setTimeout(90_000);
      const { accessToken } = await ownAccount(page);
      const event = await createEventByApi(page, accessToken, 'Product Launch 2027');
      seedReactions(event.id);
      const viewer = await openAsViewer(browser, event.slug);
      await useLanguage(page, language);
      await page.setViewportSize(viewport);
      await page.goto(`/events/${event.id}/stats`);
      const card = page.getByRole('region', {
        name: language === 'de' ? 'Reaktionen' : 'Reactions',
      });
      await expect(card).toBeVisible({ timeout: 20_000 });
      await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await shot(page, `stats-${language}-${width}`);
      await viewer.context().close();
    });
  }
}

for (const language of ['en', 'de'] as const) {
  test(`interaction tools with the reactions switch, ${language}`, async ({ page }) => {
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Product Launch 2027');
    await useLanguage(page, language);
    await page.setViewportSize(WIDTHS.wide);
    await page.goto(`/events/${event.id}/interaction`);
    const toggle = page.getByRole('switch', {
      name: language === 'de' ? /Reaktionsleiste anzeigen/ : /Show the reactions bar/,
    });
    await expect(toggle).toBeChecked();
    await toggle.scrollIntoViewIfNeeded();
    await shot(page, `interaction-${language}-wide`);
  });
}
