import type { EventSettings } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.js';
import { testClock } from '../../../test/clock.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { insertChannel, insertEvent, onEventsHost } from '../public.fixtures.js';

// The page's states (docs/decisions/063-event-times-and-page-states.md): what each shows, and
// that a page cached in one state is never served in another.

const NOW = '2026-11-22T10:00:00.000Z';
const clock = testClock(NOW);
let test: TestApp;
let app: FastifyInstance;
let ownerId: string;

beforeAll(async () => {
  test = await buildTestApp({}, { now: clock.now });
  app = test.app;
  ownerId = (await register(app)).user.id;
});
afterAll(() => test.cleanup());

const UPLOAD = '/uploads/0123456789abcdef.png';
const PLAYER = 'https://player.example.com/live';
const REPLAY = 'https://player.example.com/replay';

/** Starts at 11:00 UTC, an hour after the clock's 10:00, and lasts an hour. */
const TIMED: Partial<EventSettings> = {
  title: 'Launch Day',
  startMode: 'datetime',
  startDate: '2026-11-22',
  startTime: '11:00',
  timeZone: 'UTC',
  durationMinutes: 60,
  playerMode: 'iframe',
  playerLink: PLAYER,
  waitingText: 'Grab a coffee, we start soon.',
  waitingImage: UPLOAD,
  thankYouText: 'Thanks for watching!',
};

async function html(url: string): Promise<string> {
  const response = await onEventsHost(app, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

const hrefOf = (page: string, calendar: string) =>
  new RegExp(`href="([^"]*)"[^>]*data-calendar="${calendar}"`)
    .exec(page)?.[1]
    ?.replace(/&amp;/g, '&');

describe('public page states', () => {
  it('before the start: the countdown, the waiting text and image and the calendar links, no player', async () => {
    clock.set(NOW);
    const event = await insertEvent(app, ownerId, TIMED);
    const page = await html(`/${event.slug}`);
    expect(page).toContain('data-state="before"');
    expect(page).toContain('data-next-change="2026-11-22T11:00:00.000Z"');
    expect(page).toMatch(/<time dateTime="2026-11-22T11:00:00.000Z">[^<]*\(UTC\)<\/time>/);
    expect(page).toContain('Grab a coffee, we start soon.');
    expect(page).toContain(`src="${UPLOAD}"`);
    expect(page).not.toContain(PLAYER);
    expect(page).not.toContain('Thanks for watching!');

    const google = new URL(hrefOf(page, 'google') ?? '');
    expect(google.searchParams.get('text')).toBe('Launch Day');
    expect(google.searchParams.get('dates')).toBe('20261122T110000Z/20261122T120000Z');
    const outlook = new URL(hrefOf(page, 'outlook') ?? '');
    expect(outlook.searchParams.get('subject')).toBe('Launch Day');
    expect(outlook.searchParams.get('startdt')).toBe('2026-11-22T11:00:00Z');
    expect(outlook.searchParams.get('location')).toBe(`${app.config.eventsUrl}/${event.slug}`);
    expect(hrefOf(page, 'ics')).toBe(`/${event.slug}/_calendar.ics`);
  });

  it('live between the start and the end: the player as before', async () => {
    clock.set('2026-11-22T11:30:00.000Z');
    const event = await insertEvent(app, ownerId, TIMED);
    const page = await html(`/${event.slug}`);
    expect(page).toContain('data-state="live"');
    expect(page).toContain('data-next-change="2026-11-22T12:00:00.000Z"');
    expect(page).toContain(`src="${PLAYER}"`);
    expect(page).not.toContain('lv-countdown');
    expect(page).not.toContain('Grab a coffee');
    expect(page).not.toContain('Thanks for watching!');
  });

  it('after the end: the thank-you text, the replay in the player’s place when set, else no player', async () => {
    clock.set('2026-11-22T12:00:00.000Z');
    const withReplay = await insertEvent(app, ownerId, { ...TIMED, replayLink: REPLAY });
    const page = await html(`/${withReplay.slug}`);
    expect(page).toContain('data-state="after"');
    expect(page).not.toContain('data-next-change');
    expect(page).toContain('Thanks for watching!');
    expect(page).not.toContain('lv-start-value');
    expect(page).toContain(`src="${REPLAY}"`);
    expect(page).not.toContain(PLAYER);

    const without = await insertEvent(app, ownerId, { ...TIMED, thankYouText: '' });
    const plain = await html(`/${without.slug}`);
    expect(plain).toContain('This event has ended.');
    expect(plain).not.toContain('lv-player');
    expect(plain).not.toContain(PLAYER);
  });

  it('on demand (the organiser’s override): the replay as the main player', async () => {
    clock.set(NOW);
    const event = await insertEvent(app, ownerId, {
      ...TIMED,
      pageState: 'ondemand',
      replayLink: REPLAY,
    });
    const page = await html(`/${event.slug}`);
    expect(page).toContain('data-state="ondemand"');
    expect(page).not.toContain('data-next-change');
    expect(page).toMatch(new RegExp(`<div class="lv-ratio"><iframe src="${REPLAY}"`));
    expect(page).not.toContain('lv-countdown');
  });

  it('a page without a date and time is live, as every page was before states', async () => {
    clock.set(NOW);
    const event = await insertEvent(app, ownerId, { playerMode: 'iframe', playerLink: PLAYER });
    const page = await html(`/${event.slug}`);
    expect(page).toContain('data-state="live"');
    expect(page).not.toContain('data-next-change');
    expect(page).toContain(`src="${PLAYER}"`);
  });

  it('reads the times in the owner’s account time zone when the event names none', async () => {
    clock.set(NOW);
    await app.db
      .updateTable('users')
      .set({ timezone: 'America/New_York' })
      .where('id', '=', ownerId)
      .execute();
    try {
      const event = await insertEvent(app, ownerId, { ...TIMED, timeZone: '' });
      // 11:00 in New York is 16:00 UTC.
      const page = await html(`/${event.slug}`);
      expect(page).toContain('<time dateTime="2026-11-22T16:00:00.000Z">');
      expect(page).toContain('data-next-change="2026-11-22T16:00:00.000Z"');
    } finally {
      await app.db
        .updateTable('users')
        .set({ timezone: 'UTC' })
        .where('id', '=', ownerId)
        .execute();
    }
  });

  it('a channel’s page follows its own times and replay, and links its own .ics file', async () => {
    clock.set('2026-11-22T12:30:00.000Z');
    const event = await insertEvent(app, ownerId, { ...TIMED, replayLink: REPLAY });
    await insertChannel(app, event.id, {
      slug: 'late',
      title: 'Late',
      // Starts 13:00 in Berlin (12:00 UTC) for two hours: live at 12:30 UTC.
      overrides: { timeZone: 'Europe/Berlin', startTime: '13:00', durationMinutes: 120 },
    });
    await insertChannel(app, event.id, {
      slug: 'de',
      title: 'Deutsch',
      overrides: { replayLink: 'https://player.example.com/aufzeichnung' },
    });
    expect(await html(`/${event.slug}`)).toContain('data-state="after"');
    const late = await html(`/${event.slug}/late`);
    expect(late).toContain('data-state="live"');
    expect(late).toContain('data-next-change="2026-11-22T14:00:00.000Z"');
    const german = await html(`/${event.slug}/de`);
    expect(german).toContain('src="https://player.example.com/aufzeichnung"');

    clock.set(NOW);
    const early = await html(`/${event.slug}/late`);
    expect(hrefOf(early, 'ics')).toBe(`/${event.slug}/late/_calendar.ics`);
  });

  it('never serves a page cached before the start after it', async () => {
    clock.set(NOW);
    // Within the hour of the statistics' token window, which is part of the cache key as well.
    const event = await insertEvent(app, ownerId, {
      ...TIMED,
      startTime: '10:30',
      durationMinutes: 20,
    });
    const before = await html(`/${event.slug}`);
    expect(before).toContain('data-state="before"');
    // Cached: the same answer a second later.
    clock.advance(1_000);
    expect(await html(`/${event.slug}`)).toBe(before);

    clock.set('2026-11-22T10:30:00.000Z');
    const live = await html(`/${event.slug}`);
    expect(live).toContain('data-state="live"');
    expect(live).toContain(`src="${PLAYER}"`);
    clock.set('2026-11-22T10:50:00.000Z');
    expect(await html(`/${event.slug}`)).toContain('data-state="after"');
  });
});
