import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent } from '../public/public.fixtures.js';
import { StatsCollector, type Hit } from '../stats/stats-collector.js';

// Minutes watched (ADR 066): each minute with a heartbeat of one of the person's page views
// counts once, however many heartbeats, page views, flushes or instances saw it.

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const clock = testClock('2026-11-22T10:00:05.000Z');
let test: TestApp;
let app: FastifyInstance;
let ownerId: string;
const silent = { warn: () => undefined, info: () => undefined } as never;

beforeAll(async () => {
  test = await buildTestApp({}, { now: clock.now });
  app = test.app;
  ownerId = (await register(app)).user.id;
});
afterAll(() => test.cleanup());

const collector = () => new StatsCollector({ db: app.db, now: clock.now, log: silent });

const hit = (eventId: string, viewId: string, attendee: string): Hit => ({
  eventId,
  channelKey: '',
  viewId,
  playing: true,
  userAgent: BROWSER,
  attendee,
});

const rowOf = (eventId: string, personId: string) =>
  app.db
    .selectFrom('attendance')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('person_id', '=', personId)
    .executeTakeFirst();

describe('attendance from the beacons', () => {
  it('joins on the pageview, and counts two heartbeats of one minute once', async () => {
    clock.set('2026-11-22T10:00:05Z');
    const { id } = await insertEvent(app, ownerId);
    const person = randomUUID();
    const stats = collector();
    const view = randomUUID();
    stats.pageview(hit(id, view, `r:${person}`), '203.0.113.5');
    await stats.flush();
    expect(await rowOf(id, person)).toMatchObject({
      person_kind: 'registration',
      first_join_at: '2026-11-22T10:00:05.000Z',
      last_seen_at: '2026-11-22T10:00:05.000Z',
      minutes: 0,
      last_minute: null,
    });
    clock.set('2026-11-22T10:00:30Z');
    stats.heartbeat(hit(id, view, `r:${person}`));
    await stats.flush();
    clock.set('2026-11-22T10:00:59Z');
    stats.heartbeat(hit(id, view, `r:${person}`));
    await stats.flush();
    expect(await rowOf(id, person)).toMatchObject({
      first_join_at: '2026-11-22T10:00:05.000Z',
      last_seen_at: '2026-11-22T10:00:59.000Z',
      minutes: 1,
      last_minute: '2026-11-22T10:00:00.000Z',
    });
  });

  it('counts only the minutes with heartbeats across a gap, and a minute of two page views once', async () => {
    clock.set('2026-11-22T11:00:05Z');
    const { id } = await insertEvent(app, ownerId);
    const person = randomUUID();
    const [a, b] = [collector(), collector()];
    const [first, second] = [randomUUID(), randomUUID()];
    a.pageview(hit(id, first, `i:${person}`), '203.0.113.5');
    clock.set('2026-11-22T11:00:35Z');
    a.heartbeat(hit(id, first, `i:${person}`));
    // Another tab of the same person, heard by another instance in the same minute.
    b.heartbeat(hit(id, second, `i:${person}`));
    await Promise.all([a.flush(), b.flush()]);
    // Away for three minutes, back for one.
    clock.set('2026-11-22T11:04:10Z');
    a.heartbeat(hit(id, first, `i:${person}`));
    await a.flush();
    expect(await rowOf(id, person)).toMatchObject({
      person_kind: 'invitation',
      minutes: 2,
      last_minute: '2026-11-22T11:04:00.000Z',
      last_seen_at: '2026-11-22T11:04:10.000Z',
    });
  });

  it('counts both minutes of one write that spans a minute’s end, and an old minute never', async () => {
    clock.set('2026-11-22T12:00:59Z');
    const { id } = await insertEvent(app, ownerId);
    const person = randomUUID();
    const stats = collector();
    const view = randomUUID();
    stats.heartbeat(hit(id, view, `r:${person}`));
    clock.set('2026-11-22T12:01:00Z');
    stats.heartbeat(hit(id, view, `r:${person}`));
    await stats.flush();
    expect(await rowOf(id, person)).toMatchObject({ minutes: 2 });
    // A late beat of an earlier minute (another instance's backlog) adds nothing.
    const late = collector();
    clock.set('2026-11-22T12:00:30Z');
    late.heartbeat(hit(id, view, `r:${person}`));
    await late.flush();
    expect(await rowOf(id, person)).toMatchObject({
      minutes: 2,
      last_minute: '2026-11-22T12:01:00.000Z',
      last_seen_at: '2026-11-22T12:01:00.000Z',
    });
  });

  it('records nothing for anonymous page views', async () => {
    clock.set('2026-11-22T13:00:05Z');
    const { id } = await insertEvent(app, ownerId);
    const stats = collector();
    stats.pageview({ ...hit(id, randomUUID(), ''), attendee: undefined }, '203.0.113.5');
    await stats.flush();
    const rows = await app.db
      .selectFrom('attendance')
      .selectAll()
      .where('event_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
  });
});
