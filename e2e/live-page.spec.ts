import type { Browser, Page } from '@playwright/test';
import { e2ePort } from '../playwright.config.js';
import { createEventByApi, ownAccount, patchSettings } from './event-helpers.js';
import { expect, expectAccessible, test } from './fixtures.js';

// The viewer page's one live stream (ADR 057): the organiser's "reload open pages" reaches an
// open page at once, through the stream or, where a proxy refuses streams, the polling fallback;
// a viewer still at the gate holds no stream.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
/** The promise is 2 s; the click's request and the reload take a moment more on a busy machine. */
const WITHIN_TWO_SECONDS = { timeout: 3_000 };
/** Answers of the stream itself, not of its fallback `_live/since`. */
const STREAM_URL = /\/_live(\?|$)/;

const streamOpened = (viewer: Page) =>
  viewer.waitForResponse(
    (response) => STREAM_URL.test(response.url()) && response.status() === 200,
  );
/** False once the page reloaded (or while it does: its old document is gone). */
const marked = (viewer: Page) => viewer.evaluate(() => 'lvMarked' in window).catch(() => false);

/** A viewer's page of the event in a browser of its own, its stream open unless refused. */
async function openViewer(browser: Browser, slug: string, refuseStreams = false) {
  const context = await browser.newContext();
  const viewer = await context.newPage();
  // A proxy that refuses streams answers them with an error.
  if (refuseStreams) await viewer.route(STREAM_URL, (route) => route.fulfill({ status: 502 }));
  const opened = refuseStreams ? undefined : streamOpened(viewer);
  await viewer.goto(`${EVENTS_ORIGIN}/${slug}`);
  await opened;
  return { context, viewer };
}

const mark = (viewer: Page) => viewer.evaluate(() => Object.assign(window, { lvMarked: true }));

async function reloadFromDashboard(page: Page, eventId: string) {
  await page.goto(`/events/${eventId}/admin`);
  await page.getByRole('button', { name: 'Reload viewer pages' }).click();
}

test('the organiser’s “reload open pages” reloads an open viewer page within 2 s', async ({
  page,
  browser,
}) => {
  const { accessToken } = await ownAccount(page);
  const event = await createEventByApi(page, accessToken, 'Live Reload');
  const { context, viewer } = await openViewer(browser, event.slug);
  await expectAccessible(viewer);
  await mark(viewer);

  await reloadFromDashboard(page, event.id);
  await expect.poll(() => marked(viewer), WITHIN_TWO_SECONDS).toBe(false);
  // Once: the page reloaded for this stamp does not reload again.
  await mark(viewer);
  await viewer.waitForTimeout(2_500);
  expect(await marked(viewer)).toBe(true);
  await context.close();
});

test('a page whose streams a proxy refuses falls back to polling and still reloads', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const { accessToken } = await ownAccount(page);
  const event = await createEventByApi(page, accessToken, 'Behind A Proxy');
  const { context, viewer } = await openViewer(browser, event.slug, true);
  // Three refused attempts (2 s and 4 s apart), then the first poll.
  await viewer.waitForResponse((response) => response.url().includes('/_live/since'), {
    timeout: 20_000,
  });
  await mark(viewer);
  await reloadFromDashboard(page, event.id);
  await expect.poll(() => marked(viewer), { timeout: 5_000 }).toBe(false);
  await context.close();
});

test('a viewer still at the gate opens no stream', async ({ page, browser }) => {
  const { accessToken } = await ownAccount(page);
  const event = await createEventByApi(page, accessToken, 'Behind A Gate');
  await patchSettings(page, accessToken, event.id, {
    accessMode: 'code',
    accessCode: 'Meteor-Shower-42',
    accessShowContent: false,
  });
  const context = await browser.newContext();
  const viewer = await context.newPage();
  const streams: string[] = [];
  viewer.on('request', (request) => {
    if (STREAM_URL.test(request.url()) || request.url().includes('/_live/since')) {
      streams.push(request.url());
    }
  });
  await viewer.goto(`${EVENTS_ORIGIN}/${event.slug}`);
  await expect(viewer.locator('#lv-access-code')).toBeVisible();
  await viewer.waitForTimeout(1_000);
  expect(streams).toEqual([]);

  // Past the gate, the page holds its stream.
  const opened = streamOpened(viewer);
  await viewer.locator('#lv-access-code').fill('Meteor-Shower-42');
  await viewer.locator('#lv-access-code').press('Enter');
  await opened;
  await context.close();
});
