import type { Stats } from '@livent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, register, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs } from '../../test/events.js';
import { isSseStream, openSse } from '../../test/sse.js';
import { buildTestApp, dashboardHost, memoryStream, type TestApp } from '../../test/test-app.js';
import {
  insertChannel,
  insertEvent,
  onEventsHost,
  type TestEvent,
} from '../public/public.fixtures.js';
import {
  BROWSER,
  loadToken,
  pageTokenOf,
  sendBeacon,
  type BeaconOptions,
} from '../../test/stats-beacons.js';

// Live statistics (ADR 027): beacons on the events origin counted in memory and written in
// batches; the organiser reads series, totals, viewers now, the live stream and two CSVs.

const OTHER_BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

const clock = testClock('2026-11-22T10:00:10.000Z');
let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp({}, { now: clock.now });
  app = test.app;
  owner = await register(app);
  stranger = await register(app);
});
afterAll(() => test.cleanup());

const beacon = (
  event: TestEvent,
  kind: 'view' | 'beat',
  body: object,
  options: BeaconOptions = {},
) => sendBeacon(app, event, kind, body, options);
const tokenOf = (event: TestEvent, channel?: string) => loadToken(app, event, channel);

/** A page load's pageview as the viewer script sends it, with the page's token: a 204 or a 200. */
async function sendPageview(
  event: TestEvent,
  options: BeaconOptions & { token?: string } = {},
): Promise<LightMyRequestResponse> {
  const t = options.token ?? (await tokenOf(event, options.channel));
  return beacon(event, 'view', { t, c: options.channel, p: options.playing }, options);
}

/** A counted pageview: the page view's signed id, which its heartbeats carry. */
async function pageview(event: TestEvent, options: BeaconOptions = {}): Promise<string> {
  const response = await sendPageview(event, options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ v: string }>().v;
}

function heartbeat(
  event: TestEvent,
  view: string,
  options: BeaconOptions = {},
): Promise<LightMyRequestResponse> {
  return beacon(event, 'beat', { v: view, c: options.channel, p: options.playing }, options);
}

async function statsOf(event: TestEvent, query = '', as = owner): Promise<Stats> {
  const response = await callAs(app, as, 'GET', `/events/${event.id}/stats${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Stats>();
}

/** Moves the clock, and signs in again: access tokens live a few minutes. */
async function setClock(time: string): Promise<void> {
  clock.set(time);
  owner = await login(app, owner.email);
  stranger = await login(app, stranger.email);
}

const range = (from: string, to: string) =>
  `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

describe('collection', () => {
  it('answers a beacon without a cookie and counts it only after the flush', async () => {
    const event = await insertEvent(app, owner.user.id);
    const token = await tokenOf(event);
    const response = await sendPageview(event, { token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    // Nothing written yet: a hit costs no database round trip.
    expect(
      await app.db
        .selectFrom('stats_minutes')
        .selectAll()
        .where('event_id', '=', event.id)
        .execute(),
    ).toEqual([]);
    await app.services.statsCollector.flush();
    const stats = await statsOf(event, range('2026-11-22T10:00:00Z', '2026-11-22T10:05:00Z'));
    expect(stats.bucket).toBe('minute');
    expect(stats.series).toHaveLength(5);
    expect(stats.series[0]).toEqual({
      t: '2026-11-22T10:00:00.000Z',
      pageviews: 1,
      viewers: 1,
      playing: 0,
    });
    expect(stats.totals).toMatchObject({
      pageviews: 1,
      uniqueViewers: 1,
      peakViewers: 1,
      viewersNow: 1,
    });
    const beat = await heartbeat(event, response.json<{ v: string }>().v);
    expect(beat.statusCode, beat.body).toBe(204);
    expect(beat.headers['set-cookie']).toBeUndefined();
    expect(beat.headers['x-content-type-options']).toBe('nosniff');
    expect(beat.headers['cache-control']).toBe('no-store');
    expect(beat.body).toBe('');
  });

  it('drops bots and headless browsers and counts what it dropped', async () => {
    const event = await insertEvent(app, owner.user.id);
    const view = await pageview(event);
    await app.services.statsCollector.flush();
    const before = app.services.statsCollector.counters.dropped;
    expect((await sendPageview(event, { userAgent: HEADLESS })).statusCode).toBe(204);
    expect(
      (
        await sendPageview(event, {
          userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)',
        })
      ).statusCode,
    ).toBe(204);
    expect((await heartbeat(event, view, { userAgent: '' })).statusCode).toBe(204);
    await app.services.statsCollector.flush();
    const after = app.services.statsCollector.counters.dropped;
    expect(after.bot - before.bot).toBe(2);
    expect(after.noUserAgent - before.noUserAgent).toBe(1);
    const stats = await statsOf(event, range('2026-11-22T10:00:00Z', '2026-11-22T10:05:00Z'));
    // The one browser's pageview, nothing of the bots'.
    expect(stats.totals).toMatchObject({ pageviews: 1, uniqueViewers: 1, viewersNow: 1 });
  });

  it('refuses a broken body, an unknown event or channel, and changes nothing', async () => {
    const event = await insertEvent(app, owner.user.id);
    const t = await tokenOf(event);
    expect((await beacon(event, 'view', {}, { body: '{"t":1' })).statusCode).toBe(400);
    expect((await beacon(event, 'view', { t: 'not-a-token' })).statusCode).toBe(400);
    expect((await beacon(event, 'view', { t, extra: 1 })).statusCode).toBe(400);
    const large = JSON.stringify({ t, c: 'x'.repeat(2_000) });
    expect((await beacon(event, 'view', {}, { body: large })).statusCode).toBe(413);
    const json = { body: large, contentType: 'application/json' };
    expect((await beacon(event, 'view', {}, json)).statusCode).toBe(413);
    expect((await beacon(event, 'view', { t, c: 'nope' })).statusCode).toBe(404);
    expect((await beacon({ id: 'x', slug: 'no-such-event' }, 'view', { t })).statusCode).toBe(404);
    await app.services.statsCollector.flush();
    const stats = await statsOf(event, range('2026-11-22T10:00:00Z', '2026-11-22T10:05:00Z'));
    expect(stats.totals.pageviews).toBe(0);
  });

  it('counts a view once per minute however many heartbeats, unique viewers once per day, per channel', async () => {
    await setClock('2026-11-22T11:00:05Z');
    const event = await insertEvent(app, owner.user.id);
    const channelId = await insertChannel(app, event.id, { slug: 'de', title: 'Deutsch' });
    const a = await pageview(event, { playing: false });
    const b = await pageview(event, {
      ip: '198.51.100.8',
      userAgent: OTHER_BROWSER,
      channel: 'de',
    });
    // The same person loads the page again: a second pageview, not a second unique viewer.
    await pageview(event);
    clock.advance(30_000);
    await heartbeat(event, a, { playing: true });
    await heartbeat(event, b, { channel: 'de', playing: false });
    await app.services.statsCollector.flush();
    clock.advance(30_000); // 11:01:05
    await heartbeat(event, a, { playing: true });
    await heartbeat(event, b, { channel: 'de' });
    await app.services.statsCollector.flush();

    const stats = await statsOf(event, range('2026-11-22T11:00:00Z', '2026-11-22T11:03:00Z'));
    expect(stats.series).toEqual([
      { t: '2026-11-22T11:00:00.000Z', pageviews: 3, viewers: 3, playing: 1 },
      { t: '2026-11-22T11:01:00.000Z', pageviews: 0, viewers: 2, playing: 1 },
      { t: '2026-11-22T11:02:00.000Z', pageviews: 0, viewers: 0, playing: 0 },
    ]);
    expect(stats.totals).toEqual({
      pageviews: 3,
      uniqueViewers: 2,
      peakViewers: 3,
      peakAt: '2026-11-22T11:00:00.000Z',
      // c's pageview was 60 s ago: still within the window of viewers now.
      viewersNow: 3,
    });
    expect(stats.channels).toEqual([
      { channelId: null, pageviews: 2, uniqueViewers: 1, peakViewers: 2, viewersNow: 2 },
      { channelId, pageviews: 1, uniqueViewers: 1, peakViewers: 1, viewersNow: 1 },
    ]);
    const german = await statsOf(
      event,
      `${range('2026-11-22T11:00:00Z', '2026-11-22T11:03:00Z')}&channel=${channelId}`,
    );
    expect(german.totals).toMatchObject({ pageviews: 1, uniqueViewers: 1, viewersNow: 1 });
    const main = await statsOf(
      event,
      `${range('2026-11-22T11:00:00Z', '2026-11-22T11:03:00Z')}&channel=main`,
    );
    expect(main.totals).toMatchObject({ pageviews: 2, viewersNow: 2 });

    // Compacting closed minutes into counts changes no answer.
    clock.advance(3 * 60_000);
    await app.services.statsCollector.maintain();
    const left = await app.db
      .selectFrom('stats_presence')
      .selectAll()
      .where('event_id', '=', event.id)
      .execute();
    expect(left).toEqual([]);
    const compacted = await statsOf(event, range('2026-11-22T11:00:00Z', '2026-11-22T11:03:00Z'));
    expect(compacted.series).toEqual(stats.series);
    expect(compacted.totals.viewersNow).toBe(0);
  });

  it("counts a viewer of several pages on each page's unique viewers and once for the event", async () => {
    await setClock('2026-11-22T12:00:05Z');
    const event = await insertEvent(app, owner.user.id);
    const channelId = await insertChannel(app, event.id, { slug: 'de', title: 'Deutsch' });
    // One viewer opens the main page, then the channel; another the channel only.
    await pageview(event);
    await pageview(event, { channel: 'de' });
    await pageview(event, { channel: 'de' });
    await pageview(event, { ip: '198.51.100.8', userAgent: OTHER_BROWSER, channel: 'de' });
    await app.services.statsCollector.flush();

    const window = range('2026-11-22T12:00:00Z', '2026-11-22T12:03:00Z');
    const stats = await statsOf(event, window);
    expect(stats.totals).toMatchObject({ pageviews: 4, uniqueViewers: 2 });
    expect(stats.channels).toMatchObject([
      { channelId: null, pageviews: 1, uniqueViewers: 1 },
      { channelId, pageviews: 3, uniqueViewers: 2 },
    ]);
    const german = await statsOf(event, `${window}&channel=${channelId}`);
    expect(german.totals).toMatchObject({ pageviews: 3, uniqueViewers: 2 });

    // Rolled up into hours, the pages keep their own viewers.
    clock.advance(3 * 60_000);
    await app.services.statsCollector.maintain();
    await setClock('2027-01-05T12:00:00Z');
    await app.services.statsCollector.rollUp();
    const hours = await statsOf(event, range('2026-11-22T12:00:00Z', '2026-11-22T13:00:00Z'));
    expect(hours.bucket).toBe('hour');
    expect(hours.channels).toMatchObject([
      { channelId: null, uniqueViewers: 1 },
      { channelId, uniqueViewers: 2 },
    ]);
    expect(hours.totals.uniqueViewers).toBe(2);
    await setClock('2026-11-22T12:03:05Z');
  });

  it('tells the viewer script its channel page (the beacons name it by slug)', async () => {
    const event = await insertEvent(app, owner.user.id);
    await insertChannel(app, event.id, { slug: 'fr', title: 'Français' });
    const page = await onEventsHost(app, `/${event.slug}/fr`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-channel="fr"');
    const main = await onEventsHost(app, `/${event.slug}`);
    expect(main.body).not.toContain('data-channel=');
  });

  it('stores no address, user agent or cookie: only salted hashes of today', async () => {
    const visitors = await app.db.selectFrom('stats_visitors').selectAll().execute();
    expect(visitors.length).toBeGreaterThan(0);
    for (const row of visitors) {
      expect(Object.keys(row).sort()).toEqual(['day', 'event_id', 'hash']);
      expect(row.hash).not.toContain('198.51.100');
    }
  });
});

describe('reading', () => {
  it('answers 404 for another account and 401 without a session', async () => {
    const event = await insertEvent(app, owner.user.id);
    const response = await callAs(app, stranger, 'GET', `/events/${event.id}/stats`);
    expect(response.statusCode).toBe(404);
    expect((await app.inject({ url: `/api/events/${event.id}/stats` })).statusCode).toBe(401);
    const csv = await callAs(app, stranger, 'GET', `/events/${event.id}/stats/pageviews.csv`);
    expect(csv.statusCode).toBe(404);
  });

  it('refuses a range that ends before it starts, or a bad date, with a field error', async () => {
    const event = await insertEvent(app, owner.user.id);
    const backwards = await callAs(
      app,
      owner,
      'GET',
      `/events/${event.id}/stats${range('2026-11-22T11:00:00Z', '2026-11-22T10:00:00Z')}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ errors: { to: 'validation.invalid' } });
    const bad = await callAs(app, owner, 'GET', `/events/${event.id}/stats?from=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { from: 'validation.date' } });
  });

  it('picks hour buckets beyond 6 hours', async () => {
    const event = await insertEvent(app, owner.user.id);
    const stats = await statsOf(event, range('2026-11-21T10:30:00Z', '2026-11-22T10:30:00Z'));
    expect(stats.bucket).toBe('hour');
    expect(stats.from).toBe('2026-11-21T10:00:00.000Z');
    expect(stats.series).toHaveLength(25);
  });

  it('sends viewers now at once on the live stream', async () => {
    await setClock('2026-11-22T12:00:00Z');
    const event = await insertEvent(app, owner.user.id);
    await pageview(event);
    await pageview(event, { ip: '198.51.100.9' });
    await app.services.statsCollector.flush();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${address}/api/events/${event.id}/stats/live`, {
      ...dashboardHost(test),
      ...owner.headers,
    });
    if (!isSseStream(stream)) throw new Error(`refused: ${String(stream.status)} ${stream.body}`);
    const frame = await stream.next();
    expect(frame.event).toBe('viewers');
    expect(JSON.parse(frame.data)).toEqual({
      at: '2026-11-22T12:00:00.000Z',
      viewersNow: 2,
      channels: [{ channelId: null, viewersNow: 2 }],
      reactions: { heart: 0, applause: 0, laugh: 0, wow: 0, thumbsup: 0 },
    });
    stream.close();
    const refused = await openSse(`${address}/api/events/${event.id}/stats/live`, {
      ...dashboardHost(test),
      ...stranger.headers,
    });
    expect(refused.status).toBe(404);
  });
});

describe('live stream', () => {
  it('sends the count again every interval and ends when the session does', async () => {
    const own = await buildTestApp(
      {},
      { stats: { streams: { intervalMs: 50, recheckIntervalMs: 50 } } },
    );
    try {
      const organiser = await register(own.app);
      const event = await insertEvent(own.app, organiser.user.id);
      const address = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openSse(`${address}/api/events/${event.id}/stats/live`, {
        ...dashboardHost(own),
        ...organiser.headers,
      });
      if (!isSseStream(stream)) throw new Error(`refused: ${String(stream.status)}`);
      expect(JSON.parse((await stream.next()).data)).toMatchObject({ viewersNow: 0 });
      const sent = await own.app.inject({
        method: 'POST',
        url: `/${event.slug}/_stats/view`,
        headers: {
          host: new URL(own.config.eventsUrl).host,
          'content-type': 'text/plain',
          'user-agent': BROWSER,
        },
        payload: JSON.stringify({ t: pageTokenOf(own.app, event) }),
      });
      expect(sent.statusCode).toBe(200);
      await own.app.services.statsCollector.flush();
      // Frames keep coming; one of the next ones carries the new viewer.
      for (;;) {
        const frame = await stream.next();
        if ((JSON.parse(frame.data) as { viewersNow: number }).viewersNow === 1) break;
      }
      const logout = await own.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { 'lvnt.auth.refresh': organiser.refreshCookie },
      });
      expect(logout.statusCode, logout.body).toBe(204);
      await stream.ended;
    } finally {
      await own.cleanup();
    }
  });
});

describe('logging', () => {
  it('writes no request line per beacon (the rest of the API still logs its requests)', async () => {
    const logStream = memoryStream();
    const own = await buildTestApp({}, { logStream });
    try {
      const organiser = await register(own.app);
      const event = await insertEvent(own.app, organiser.user.id);
      const send = (payload: string) =>
        own.app.inject({
          method: 'POST',
          url: `/${event.slug}/_stats/view`,
          headers: {
            host: new URL(own.config.eventsUrl).host,
            'content-type': 'text/plain',
            'user-agent': BROWSER,
          },
          payload,
        });
      expect((await send(JSON.stringify({ t: pageTokenOf(own.app, event) }))).statusCode).toBe(200);
      expect((await send('{')).statusCode).toBe(400);
      expect(logStream.text()).not.toContain('_stats');
      expect((await own.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect(logStream.text()).toContain('/api/health');
    } finally {
      await own.cleanup();
    }
  });
});

describe('CSV', () => {
  it('answers the last 30 days per hour and 14 days per minute in UTC with the user’s delimiter', async () => {
    await setClock('2026-11-22T13:20:00Z');
    const event = await insertEvent(app, owner.user.id);
    await pageview(event);
    await app.services.statsCollector.flush();
    await callAs(app, owner, 'PATCH', '/settings', { csvDelimiter: ';' });
    const pageviews = await callAs(app, owner, 'GET', `/events/${event.id}/stats/pageviews.csv`);
    expect(pageviews.statusCode, pageviews.body).toBe(200);
    expect(pageviews.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = pageviews.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Hour (UTC, start);Pageviews (page loads);Unique viewers (first visit of the UTC day)',
    );
    expect(lines).toHaveLength(1 + 30 * 24);
    expect(lines[1]).toBe('2026-10-23 14:00;0;0');
    expect(lines.at(-1)).toBe('2026-11-22 13:00;1;1');

    const concurrent = await callAs(app, owner, 'GET', `/events/${event.id}/stats/concurrent.csv`);
    const rows = concurrent.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows).toHaveLength(1 + 14 * 24 * 60);
    expect(rows.at(-1)).toBe('2026-11-22 13:20;1;0');
    await callAs(app, owner, 'PATCH', '/settings', { csvDelimiter: ',' });
  });
});
