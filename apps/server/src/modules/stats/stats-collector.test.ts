import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/database.js';
import { register } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent, onEventsHost } from '../public/public.fixtures.js';
import { StatsCollector, type Hit } from './stats-collector.js';
import { pageTokenOf } from '../../test/stats-beacons.js';

// The collector as several instances run it (ADR 027): each its own memory and its own database
// connections, one database. A viewer seen by two instances counts once; compaction and the
// hourly roll-up take their rows out exactly once however many instances run them together.

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const clock = testClock('2026-11-22T10:00:05.000Z');
let test: TestApp;
let app: FastifyInstance;
let second: DatabaseHandle;
let ownerId: string;
const silent = { warn: () => undefined, info: () => undefined } as never;

beforeAll(async () => {
  test = await buildTestApp({}, { now: clock.now });
  app = test.app;
  ownerId = (await register(app)).user.id;
  // Several instances exist only on PostgreSQL; SQLite is one process with one connection.
  second = app.dialect === 'postgres' ? createDatabase(test.config.databaseUrl) : test.database;
});
afterAll(async () => {
  if (second !== test.database) await second.close();
  await test.cleanup();
});

const instances = () => [
  new StatsCollector({ db: app.db, now: clock.now, log: silent }),
  new StatsCollector({ db: second.db, now: clock.now, log: silent }),
];

const hit = (eventId: string, viewId: string, playing = false): Hit => ({
  eventId,
  channelKey: '',
  viewId,
  playing,
  userAgent: BROWSER,
});

const minuteRow = (eventId: string, minute: string) =>
  app.db
    .selectFrom('stats_minutes')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('minute', '=', minute)
    .executeTakeFirst();

describe('several instances', () => {
  it('count a viewer whose hits land on two instances once, and a visitor once a day', async () => {
    clock.set('2026-11-22T10:00:05Z');
    const { id } = await insertEvent(app, ownerId);
    const [a, b] = instances() as [StatsCollector, StatsCollector];
    const viewer = randomUUID();
    a.pageview(hit(id, viewer), '203.0.113.5');
    b.heartbeat(hit(id, viewer, true));
    // The same person opens the page again through the other instance.
    b.pageview(hit(id, randomUUID()), '203.0.113.5');
    await Promise.all([a.flush(), b.flush()]);
    clock.advance(3 * 60_000);
    await Promise.all([a.maintain(), b.maintain()]);
    expect(await minuteRow(id, '2026-11-22T10:00:00.000Z')).toMatchObject({
      pageviews: 2,
      uniques: 1,
      viewers: 2,
      playing: 1,
    });
    const left = await app.db
      .selectFrom('stats_presence')
      .selectAll()
      .where('event_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it('count every accepted hit after the flush, nothing twice, with hits arriving meanwhile', async () => {
    clock.set('2026-11-22T11:00:05Z');
    const { id } = await insertEvent(app, ownerId);
    const [a, b] = instances() as [StatsCollector, StatsCollector];
    for (let i = 0; i < 300; i++) {
      const collector = i % 2 === 0 ? a : b;
      collector.pageview(hit(id, randomUUID()), `198.18.0.${String(i % 250)}`);
      // A flush already under way takes what it swapped out; later hits wait for the next.
      if (i % 50 === 0) void collector.flush();
    }
    await Promise.all([a.close(), b.close()]);
    expect(await minuteRow(id, '2026-11-22T11:00:00.000Z')).toMatchObject({
      pageviews: 300,
      uniques: 250,
    });
    expect(a.counters.flushed + b.counters.flushed).toBe(300);
  });

  it('write a known page view again only when it starts playing or 15 s went by', async () => {
    clock.set('2026-11-22T11:30:00Z');
    const { id } = await insertEvent(app, ownerId);
    const [a] = instances() as [StatsCollector];
    const viewer = randomUUID();
    const seenAt = async () =>
      await app.db
        .selectFrom('stats_presence')
        .select(['seen_at', 'playing'])
        .where('event_id', '=', id)
        .executeTakeFirstOrThrow();
    a.pageview(hit(id, viewer), '203.0.113.20');
    await a.flush();
    clock.advance(5_000);
    a.heartbeat(hit(id, viewer, true));
    await a.flush();
    expect(await seenAt()).toEqual({ seen_at: '2026-11-22T11:30:05.000Z', playing: 1 });
    clock.advance(5_000);
    a.heartbeat(hit(id, viewer, true));
    await a.flush();
    expect((await seenAt()).seen_at).toBe('2026-11-22T11:30:05.000Z');
    clock.advance(15_000);
    a.heartbeat(hit(id, viewer, true));
    await a.flush();
    expect((await seenAt()).seen_at).toBe('2026-11-22T11:30:25.000Z');
  });

  it("let go of a deleted event's hits instead of failing every batch on them", async () => {
    clock.set('2026-11-22T11:40:00Z');
    const gone = await insertEvent(app, ownerId);
    const kept = await insertEvent(app, ownerId);
    const [a] = instances() as [StatsCollector];
    a.pageview(hit(gone.id, randomUUID()), '203.0.113.30');
    a.pageview(hit(kept.id, randomUUID()), '203.0.113.30');
    await app.db.deleteFrom('events').where('id', '=', gone.id).execute();
    await a.flush();
    expect(await minuteRow(kept.id, '2026-11-22T11:40:00.000Z')).toMatchObject({ pageviews: 1 });
    // Written, not waiting for a retry.
    expect(a.counters.flushed).toBe(2);
  });

  it('roll minutes past the retention up into hours exactly once', async () => {
    clock.set('2026-11-22T12:00:00Z');
    const { id } = await insertEvent(app, ownerId);
    const rows = [
      { minute: '2026-10-01T08:00:00.000Z', pageviews: 3, uniques: 2, viewers: 5, playing: 1 },
      { minute: '2026-10-01T08:30:00.000Z', pageviews: 4, uniques: 1, viewers: 9, playing: 4 },
      { minute: '2026-10-01T09:10:00.000Z', pageviews: 1, uniques: 1, viewers: 1, playing: 0 },
    ];
    await app.db
      .insertInto('stats_minutes')
      .values(rows.map((row) => ({ event_id: id, channel_key: '', ...row })))
      .execute();
    const [a, b] = instances() as [StatsCollector, StatsCollector];
    await Promise.all([a.rollUp(), b.rollUp()]);
    const hours = await app.db
      .selectFrom('stats_hours')
      .select(['hour', 'pageviews', 'uniques', 'viewers', 'playing'])
      .where('event_id', '=', id)
      .orderBy('hour')
      .execute();
    expect(hours).toEqual([
      { hour: '2026-10-01T08:00:00.000Z', pageviews: 7, uniques: 3, viewers: 9, playing: 4 },
      { hour: '2026-10-01T09:00:00.000Z', pageviews: 1, uniques: 1, viewers: 1, playing: 0 },
    ]);
    const minutes = await app.db
      .selectFrom('stats_minutes')
      .selectAll()
      .where('event_id', '=', id)
      .execute();
    expect(minutes).toEqual([]);
  });

  it('replace the daily salt: a new day has a new one and the old one is deleted', async () => {
    clock.set('2026-11-23T00:00:30Z');
    const { id } = await insertEvent(app, ownerId);
    const [a] = instances() as [StatsCollector];
    a.pageview(hit(id, randomUUID()), '203.0.113.9');
    await a.flush();
    clock.advance(3_600_000);
    await a.maintain();
    const salts = await app.db
      .selectFrom('app_meta')
      .select('key')
      .where('key', 'like', 'stats_salt:%')
      .execute();
    expect(salts.map((row) => row.key)).toEqual(['stats_salt:2026-11-23']);
    const days = await app.db.selectFrom('stats_visitors').select('day').distinct().execute();
    expect(days.map((row) => row.day)).toEqual(['2026-11-23']);
  });
});

describe('dropped hits', () => {
  it('are counted by reason and reported in a log line with the flush', async () => {
    clock.set('2026-11-22T11:50:00Z');
    const { id } = await insertEvent(app, ownerId);
    const lines: unknown[] = [];
    const log = { warn: () => undefined, info: (data: unknown) => lines.push(data) } as never;
    const collector = new StatsCollector({ db: app.db, now: clock.now, log });
    collector.pageview({ ...hit(id, randomUUID()), userAgent: 'curl/8.5.0' }, '203.0.113.40');
    collector.heartbeat({ ...hit(id, randomUUID()), userAgent: undefined });
    collector.pageview(hit(id, randomUUID()), '203.0.113.40');
    await collector.flush();
    expect(collector.counters).toMatchObject({
      pageviews: 1,
      dropped: { bot: 1, noUserAgent: 1, overCap: 0 },
      flushed: 1,
    });
    expect(lines).toEqual([
      expect.objectContaining({ statsDropped: { bot: 1, noUserAgent: 1, overCap: 0 } }),
    ]);
  });
});

describe('the app', () => {
  it('writes what is still in memory when it stops cleanly', async () => {
    const own = await buildTestApp({}, { now: clock.now });
    const reader = createDatabase(own.config.databaseUrl);
    try {
      const ownerOfOwn = await register(own.app);
      const event = await insertEvent(own.app, ownerOfOwn.user.id);
      const response = await onEventsHost(own.app, `/${event.slug}/_stats/view`, {
        method: 'POST',
        payload: JSON.stringify({ t: pageTokenOf(own.app, event) }),
        headers: { 'content-type': 'text/plain', 'user-agent': BROWSER },
      });
      expect(response.statusCode).toBe(200);
      await own.app.close();
      const rows = await reader.db
        .selectFrom('stats_minutes')
        .select('pageviews')
        .where('event_id', '=', event.id)
        .execute();
      expect(rows).toEqual([{ pageviews: 1 }]);
    } finally {
      await reader.close();
      await own.cleanup();
    }
  });
});
