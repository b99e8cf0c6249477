import type { Page } from '@playwright/test';
import { e2ePort } from '../playwright.config.js';
import { createEventByApi, ownAccount, patchSettings } from './event-helpers.js';
import { expect, expectAccessible, keepScreenshot, test, useLanguage } from './fixtures.js';

// The page's states (docs/decisions/063-event-times-and-page-states.md): the organiser moves an
// event from before the start to live to after the end while a viewer's page is open, and the
// page follows by itself within seconds; the "add to calendar" links before the start.

const EVENTS_ORIGIN = `http://events.localhost:${e2ePort}`;
/** A save reaches the page after the server's 5 s of freshness and a spread of up to 3 s. */
const WITHIN_SECONDS = { timeout: 15_000 };
/**
 * A new load of the page shows a save within 5 s of the server's revalidation plus the page's
 * 15 s `max-age`, which the browser's own cache honours (public-events.ts): 20 s, and a margin.
 */
const FRESH_LOAD = { timeout: 25_000 };
const SCREENSHOTS = '.tmp/screenshots/states';
const VIEWPORTS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

const TIMES = {
  startMode: 'datetime',
  startDate: '2099-01-01',
  startTime: '10:00',
  timeZone: 'UTC',
  durationMinutes: 60,
  headline: 'Product Launch 2099',
  introduction: 'An hour of announcements, demos and a live Q&A with the team.',
  waitingText: 'Grab a coffee: we start soon. Add the event to your calendar below.',
  thankYouText: 'Thank you for joining us! The recording is below.',
};

async function shoot(page: Page, name: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await keepScreenshot(page, `${SCREENSHOTS}/${name}-${viewport.name}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const stateOf = (viewer: Page) =>
  viewer.evaluate(() => document.body.dataset.state).catch(() => undefined);

/** The organiser's override on the General screen, saved. */
async function moveTo(dashboard: Page, eventId: string, state: string) {
  await dashboard.goto(`/events/${eventId}/general`);
  await dashboard.getByLabel('The page shows').selectOption(state);
  await dashboard.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    dashboard.getByRole('status').filter({ hasText: 'Your changes have been saved.' }),
  ).toBeVisible();
}

test('the organiser moves the page before → live → after and an open page follows', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { accessToken } = await ownAccount(page);
  const event = await createEventByApi(page, accessToken, 'States Launch');
  await patchSettings(page, accessToken, event.id, TIMES);

  const context = await browser.newContext();
  const viewer = await context.newPage();
  const streamOpened = viewer.waitForResponse(
    (response) => /\/_live(\?|$)/.test(response.url()) && response.status() === 200,
  );
  await viewer.goto(`${EVENTS_ORIGIN}/${event.slug}`);
  await streamOpened;
  await expect(viewer.getByRole('heading', { name: 'Starts in' })).toBeVisible();
  await expect(viewer.locator('time[datetime="2099-01-01T10:00:00.000Z"]')).toContainText('UTC');
  await expect(viewer.getByText(TIMES.waitingText)).toBeVisible();
  await expectAccessible(viewer);
  await shoot(viewer, 'before-en');

  await moveTo(page, event.id, 'live');
  await expect.poll(() => stateOf(viewer), WITHIN_SECONDS).toBe('live');
  await expect(viewer.getByText('The stream is not available yet.')).toBeVisible();
  await expect(viewer.getByRole('heading', { name: 'Starts in' })).toHaveCount(0);
  await expectAccessible(viewer);
  await shoot(viewer, 'live-en');

  await moveTo(page, event.id, 'after');
  await expect.poll(() => stateOf(viewer), WITHIN_SECONDS).toBe('after');
  await expect(viewer.getByText(TIMES.thankYouText)).toBeVisible();
  await expectAccessible(viewer);
  await shoot(viewer, 'after-en');

  // The overview names the state the page shows.
  await page.goto(`/events/${event.id}`);
  await expect(page.getByText('Page: After the end')).toBeVisible();
  await context.close();
});

test('before the start the page offers Google, Outlook and .ics calendar links', async ({
  page,
}) => {
  const { accessToken } = await ownAccount(page);
  const event = await createEventByApi(page, accessToken, 'Calendar Links');
  await patchSettings(page, accessToken, event.id, TIMES);
  await page.goto(`${EVENTS_ORIGIN}/${event.slug}`);
  const links = page.getByRole('navigation', { name: 'Add to calendar' });

  const google = new URL(
    (await links.getByRole('link', { name: 'Google Calendar' }).getAttribute('href')) ?? '',
  );
  expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
  expect(google.searchParams.get('text')).toBe('Calendar Links');
  expect(google.searchParams.get('dates')).toBe('20990101T100000Z/20990101T110000Z');

  const outlook = new URL(
    (await links.getByRole('link', { name: 'Outlook.com' }).getAttribute('href')) ?? '',
  );
  expect(outlook.hostname).toBe('outlook.live.com');
  expect(outlook.searchParams.get('subject')).toBe('Calendar Links');
  expect(outlook.searchParams.get('startdt')).toBe('2099-01-01T10:00:00Z');
  expect(outlook.searchParams.get('enddt')).toBe('2099-01-01T11:00:00Z');

  await expect(links.getByRole('link', { name: 'Calendar file (.ics)' })).toHaveAttribute(
    'href',
    `/${event.slug}/_calendar.ics`,
  );
});

test('in German: the countdown, the calendar links, the thank-you and the replay on demand', async ({
  page,
}) => {
  // Three saves, each waited for up to FRESH_LOAD.
  test.setTimeout(120_000);
  const { accessToken } = await ownAccount(page);
  const event = await createEventByApi(page, accessToken, 'Produktstart');
  await patchSettings(page, accessToken, event.id, {
    ...TIMES,
    language: 'de',
    headline: 'Produktstart 2099',
    introduction: 'Eine Stunde mit Neuigkeiten, Vorführungen und Fragen an das Team.',
    waitingText: 'Holen Sie sich einen Kaffee: Wir beginnen bald.',
    thankYouText: 'Danke, dass Sie dabei waren! Die Aufzeichnung finden Sie unten.',
  });
  const url = `${EVENTS_ORIGIN}/${event.slug}`;
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Beginnt in' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Zum Kalender hinzufügen' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'before-de');

  await patchSettings(page, accessToken, event.id, { pageState: 'live' });
  await expect(async () => {
    await page.goto(url);
    expect(await stateOf(page)).toBe('live');
  }).toPass(FRESH_LOAD);
  await expectAccessible(page);
  await shoot(page, 'live-de');

  await patchSettings(page, accessToken, event.id, { pageState: 'after' });
  await expect(async () => {
    await page.goto(url);
    expect(await stateOf(page)).toBe('after');
  }).toPass(FRESH_LOAD);
  await expect(page.getByText('Danke, dass Sie dabei waren!')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'after-de');

  // On demand: the replay (here a page of the events origin) as the main player.
  const replay = `${EVENTS_ORIGIN}/${event.slug}/_accessibility`;
  await patchSettings(page, accessToken, event.id, { pageState: 'ondemand', replayLink: replay });
  await expect(async () => {
    await page.goto(url);
    expect(await stateOf(page)).toBe('ondemand');
  }).toPass(FRESH_LOAD);
  await expect(page.locator(`.lv-player iframe[src="${replay}"]`)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'ondemand-de');
});

for (const language of ['en', 'de'] as const) {
  test(`the General screen's times, state and texts (${language})`, async ({ page }) => {
    const { accessToken } = await ownAccount(page);
    const event = await createEventByApi(page, accessToken, 'Schedule Screen');
    await patchSettings(page, accessToken, event.id, TIMES);
    await useLanguage(page, language);
    await page.goto(`/events/${event.id}/general`);
    const state = page.getByLabel(language === 'en' ? 'The page shows' : 'Die Seite zeigt');
    await expect(state).toHaveValue('auto');
    await expect(state.locator('option:checked')).toHaveText(
      language === 'en'
        ? 'Automatic (now: Before the start)'
        : 'Automatisch (jetzt: Vor dem Beginn)',
    );
    await expectAccessible(page);
    await shoot(page, `general-${language}`);
  });
}
