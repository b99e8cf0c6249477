import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { createEventByApi, ownAccount } from './event-helpers.js';
import { expect, expectAccessible, test, VIEWPORTS } from './fixtures.js';
import { openAsViewer } from './stats-helpers.js';

// Live statistics (ADR 027): two viewers open the public page and the open stats screen shows
// "viewers now" 2 without a reload; both CSVs download with the organiser's credentials and
// start with the header line that says what each column counts.

/** Beacons are written within a second and "viewers now" is sent every 5 s. */
const LIVE_WAIT = { timeout: 20_000 };

/** The first line of a downloaded file, without a byte order mark. */
async function headerLine(download: Download): Promise<string> {
  const text = await readFile(await download.path(), 'utf8');
  return text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
}

test.describe('live statistics', () => {
  test('viewers now follows two viewers live; both CSVs download with their headers', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Stats Night');
    // A channel, so that the per-page breakdown has two pages to list.
    const channel = await page.request.post(`/api/events/${event.id}/channels`, {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: { slug: 'berlin', title: 'Berlin stage' },
    });
    expect(channel.ok(), await channel.text()).toBe(true);

    // Nothing counted yet: the screen says when counting starts and links the public page.
    await page.goto(`/events/${event.id}/stats`);
    await expect(page.getByRole('heading', { name: 'No viewers in this period' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Open the public page/ })).toHaveAttribute(
      'href',
      event.fullUrl,
    );
    const viewersNow = page.getByTestId('viewers-now');
    await expect(viewersNow.getByTestId('live-indicator')).toHaveAttribute('data-state', 'open');
    await expect(viewersNow.getByText('0', { exact: true })).toBeVisible();

    // Two viewers open the public page in browsers of their own; the open screen follows.
    const viewers = [
      await openAsViewer(browser, event.slug),
      await openAsViewer(browser, event.slug),
    ];
    await expect(viewersNow.getByText('2', { exact: true })).toBeVisible(LIVE_WAIT);
    const byPage = page.getByRole('table', { name: 'By page' });
    await expect(byPage.getByRole('row', { name: /^Main page 2 / })).toBeVisible();
    await expect(byPage.getByRole('row', { name: /^Berlin stage 0 / })).toBeVisible();

    // The first viewers of an empty range load it again: their pageviews and the charts (the
    // second viewer may have come after that load, so one pageview or both).
    await expect(page.getByTestId('pageviews').getByText(/^[12]$/)).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Pageviews' })).toBeVisible();
    await expectAccessible(page);
    // At phone width the per-page table becomes blocks of numbers: checked as well.
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect(page.getByRole('heading', { name: 'By page' })).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize(VIEWPORTS.desktop);

    const pageviewsCsv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Pageviews (last 30 days, CSV)' }).click();
    expect(await headerLine(await pageviewsCsv)).toBe(
      // The first name holds the delimiter, so it is quoted.
      '"Hour (UTC, start)",Pageviews (page loads),Unique viewers (first visit of the UTC day)',
    );
    const concurrentCsv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Concurrent viewers (last 14 days, CSV)' }).click();
    expect(await headerLine(await concurrentCsv)).toBe(
      '"Minute (UTC, start)",Concurrent viewers (page views with a heartbeat in the minute),Of them playing (where the player reports it)',
    );

    for (const viewer of viewers) await viewer.context().close();
  });
});
