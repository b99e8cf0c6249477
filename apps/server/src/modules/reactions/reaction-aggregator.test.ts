import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { register } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent } from '../public/public.fixtures.js';
import { ReactionAggregator } from './reaction-aggregator.js';

// The aggregator (ADR 059): taps in memory, one transaction per event and flush with the minute
// rows and one burst for the pages; nothing lost on a failed write or a clean shutdown.

const clock = testClock('2026-11-28T10:00:10.000Z');
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

function aggregator() {
  const notify = vi.fn<(eventId: string) => void>();
  const instance = new ReactionAggregator({
    db: app.db,
    now: clock.now,
    log: silent,
    pageFeed: { notify },
  });
  return { instance, notify };
}

const counts = (eventId: string) =>
  app.db
    .selectFrom('reaction_counts')
    .select(['minute', 'reaction', 'count'])
    .where('event_id', '=', eventId)
    .orderBy('minute')
    .orderBy('reaction')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, count: Number(row.count) })));

const entries = (eventId: string) =>
  app.db
    .selectFrom('page_log')
    .select(['kind', 'channel_id', 'data'])
    .where('event_id', '=', eventId)
    .orderBy('seq')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, data: JSON.parse(row.data) as unknown })));

describe('the reaction aggregator', () => {
  it('writes a thousand taps of a second in one transaction, counted exactly, as one burst', async () => {
    const event = await insertEvent(app, ownerId);
    const { instance, notify } = aggregator();
    const transaction = vi.spyOn(app.db, 'transaction');
    for (let tap = 0; tap < 1000; tap++) {
      instance.add(event.id, tap % 5 === 0 ? 'applause' : 'heart', 1);
    }
    await instance.flush();
    expect(transaction).toHaveBeenCalledTimes(1);
    transaction.mockRestore();
    expect(instance.counters).toEqual({ taps: 1000, written: 1000, writes: 1 });
    const minute = '2026-11-28T10:00:00.000Z';
    expect(await counts(event.id)).toEqual([
      { minute, reaction: 'applause', count: 200 },
      { minute, reaction: 'heart', count: 800 },
    ]);
    expect(await entries(event.id)).toEqual([
      { kind: 'reactions', channel_id: null, data: { heart: 800, applause: 200 } },
    ]);
    expect(notify.mock.calls).toEqual([[event.id]]);
    // Nothing new: no write, no burst.
    await instance.flush();
    expect(instance.counters.writes).toBe(1);
  });

  it('adds to the minute rows (across flushes and instances), one transaction per event', async () => {
    const [one, two] = [await insertEvent(app, ownerId), await insertEvent(app, ownerId)];
    const first = aggregator();
    const second = aggregator();
    first.instance.add(one.id, 'wow', 3);
    first.instance.add(two.id, 'laugh', 2);
    second.instance.add(one.id, 'wow', 4);
    await first.instance.flush();
    await second.instance.flush();
    clock.advance(60_000);
    first.instance.add(one.id, 'wow', 1);
    await first.instance.flush();
    clock.advance(-60_000);
    expect(first.instance.counters.writes).toBe(3);
    expect(await counts(one.id)).toEqual([
      { minute: '2026-11-28T10:00:00.000Z', reaction: 'wow', count: 7 },
      { minute: '2026-11-28T10:01:00.000Z', reaction: 'wow', count: 1 },
    ]);
    expect(await counts(two.id)).toEqual([
      { minute: '2026-11-28T10:00:00.000Z', reaction: 'laugh', count: 2 },
    ]);
    expect((await entries(one.id)).map((entry) => entry.data)).toEqual([
      { wow: 3 },
      { wow: 4 },
      { wow: 1 },
    ]);
  });

  it('keeps the taps of a failed write for the next flush', async () => {
    const event = await insertEvent(app, ownerId);
    const { instance, notify } = aggregator();
    instance.add(event.id, 'thumbsup', 5);
    const failing = vi.spyOn(app.db, 'transaction').mockImplementationOnce(() => {
      throw new Error('database away');
    });
    await instance.flush();
    failing.mockRestore();
    expect(await counts(event.id)).toEqual([]);
    expect(notify).not.toHaveBeenCalled();
    instance.add(event.id, 'thumbsup', 1);
    await instance.flush();
    expect(await counts(event.id)).toEqual([
      { minute: '2026-11-28T10:00:00.000Z', reaction: 'thumbsup', count: 6 },
    ]);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('writes what is in memory on close, and lets the taps of a deleted event go', async () => {
    const event = await insertEvent(app, ownerId);
    const gone = await insertEvent(app, ownerId);
    const { instance, notify } = aggregator();
    instance.start();
    instance.add(event.id, 'heart', 20);
    instance.add(gone.id, 'heart', 20);
    await app.db.deleteFrom('events').where('id', '=', gone.id).execute();
    await instance.close();
    expect(await counts(event.id)).toEqual([
      { minute: '2026-11-28T10:00:00.000Z', reaction: 'heart', count: 20 },
    ]);
    expect(notify.mock.calls).toEqual([[event.id]]);
    expect(instance.counters).toMatchObject({ taps: 40, written: 20, writes: 1 });
  });
});
