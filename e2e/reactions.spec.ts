import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createEventByApi, ownAccount, patchSettings } from './event-helpers.js';
import { expect, expectAccessible, test, VIEWPORTS } from './fixtures.js';
import { openAsViewer } from './stats-helpers.js';

// Reactions (ADR 059): a viewer taps the bar under the player, the emoji float up at once, the
// taps reach the organiser's statistics and their CSV; with the setting off the page has no bar.

/** Taps are written about once a second; the stats screen loads them on open. */
const WRITE_WAIT = { timeout: 15_000 };

const bar = (page: Page) => page.getByRole('group', { name: 'Reactions' });

test.describe('reactions', () => {
  test('a viewer taps, the emoji float, and the organiser’s statistics count the taps', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Reaction Night');
    await patchSettings(page, accessToken, event.id, { language: 'en' });

    const viewer = await openAsViewer(browser, event.slug);
    await expect(bar(viewer)).toBeVisible();
    await expectAccessible(viewer);
    const heart = bar(viewer).getByRole('button', { name: 'Send a heart' });
    for (let tap = 0; tap < 3; tap++) await heart.click();
    await expect(viewer.locator('.lv-reaction-float').first()).toBeAttached();
    // From the keyboard as well.
    await bar(viewer).getByRole('button', { name: 'Applaud' }).focus();
    await viewer.keyboard.press('Enter');
    // The floating layer takes no room: the bar stays where it was.
    const before = await bar(viewer).boundingBox();
    await heart.click();
    expect(await bar(viewer).boundingBox()).toEqual(before);

    await expect
      .poll(async () => {
        const response = await page.request.get(`/api/events/${event.id}/stats`, {
          headers: { Authorization: `Bearer ${accessToken}` },
        });
        return ((await response.json()) as { reactions: { totals: { heart: number } } }).reactions
          .totals.heart;
      }, WRITE_WAIT)
      .toBe(4);

    await page.goto(`/events/${event.id}/stats`);
    const card = page.getByRole('region', { name: 'Reactions' });
    await expect(card.getByRole('listitem').first()).toContainText('Heart4');
    await expect(card.getByRole('listitem').nth(1)).toContainText('Applause1');
    await expectAccessible(page);
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect(card).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize(VIEWPORTS.desktop);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Reactions (last 14 days, CSV, all pages)' }).click();
    const text = await readFile(await (await download).path(), 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      '"Minute (UTC, start)",Heart ❤️ (reactions),Applause 👏 (reactions),Laughing 😂 (reactions),Surprised 😮 (reactions),Thumbs up 👍 (reactions)',
    );
    const counted = lines.slice(1).map((line) => line.split(',').slice(1).map(Number));
    expect(counted.reduce((sum, row) => sum + (row[0] ?? 0), 0)).toBe(4);
    await viewer.context().close();
  });

  test('the setting off hides the bar, and the page still passes its checks', async ({
    page,
    browser,
  }) => {
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Quiet Night');
    await patchSettings(page, accessToken, event.id, { language: 'en', reactionsEnabled: false });
    const viewer = await openAsViewer(browser, event.slug);
    await expect(viewer.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(bar(viewer)).toHaveCount(0);
    // Asked from the page itself (events.localhost resolves in the browser only).
    const refused = await viewer.evaluate(async (slug) => {
      const response = await fetch(`/${slug}/_reactions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reaction: 'heart' }),
      });
      return response.status;
    }, event.slug);
    expect(refused).toBe(404);
    await expectAccessible(viewer);
    await viewer.context().close();
  });

  // Needs the viewer stream (ADR 057), which another branch brings: the bursts reach other
  // pages as `lv:live` events from apps/viewer/src/live.ts. Enabled once both are merged.
  test.fixme('another viewer’s page floats the burst', async ({ page, browser }) => {
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Burst Night');
    await patchSettings(page, accessToken, event.id, { language: 'en' });
    const tapping = await openAsViewer(browser, event.slug);
    const watching = await openAsViewer(browser, event.slug);
    await expect(bar(watching)).toBeVisible();
    for (let tap = 0; tap < 5; tap++) {
      await bar(tapping).getByRole('button', { name: 'Be amazed' }).click();
    }
    await expect(watching.locator('.lv-reaction-float', { hasText: '😮' }).first()).toBeAttached({
      timeout: 10_000,
    });
    await tapping.context().close();
    await watching.context().close();
  });
});
