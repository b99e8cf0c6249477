import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createDatabase } from '../db/database.js';
import { migratedTestDatabase, type MigratedTestDatabase } from '../test/database.js';
import { testClock, type TestClock } from '../test/clock.js';
import {
  sharedRateLimitStore,
  type SharedRateLimitStoreOptions,
} from './shared-rate-limit-store.js';

const MINUTE = 60_000;

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** The plugin's merged parameters for a route of its own, as `child` receives them. */
const routeParams = (method: string, url: string) =>
  ({ routeInfo: { method, url, config: { rateLimit: { max: 1 } } } }) as unknown as ChildOptions;

describe('shared rate-limit store', () => {
  let database: MigratedTestDatabase;
  let clock: TestClock;
  let warn: Mock<(...args: unknown[]) => void>;
  beforeEach(async () => {
    database = await migratedTestDatabase();
    // 10:00 is the start of a one-minute window.
    clock = testClock('2026-11-22T10:00:00.000Z');
    warn = vi.fn<(...args: unknown[]) => void>();
  });
  afterEach(async () => database.cleanup());

  /** One "instance": the store the plugin would construct in one server process. */
  function instance(overrides: Partial<SharedRateLimitStoreOptions> = {}): FastifyRateLimitStore {
    const Store = sharedRateLimitStore({
      db: database.db,
      now: clock.now,
      log: { warn },
      cache: 100,
      ...overrides,
    });
    return new Store({});
  }

  function incr(store: FastifyRateLimitStore, key: string, max: number, timeWindow = MINUTE) {
    return new Promise<{ current: number; ttl: number }>((resolve, reject) => {
      store.incr(
        key,
        (error, result) =>
          error || !result ? reject(error ?? new Error('no result')) : resolve(result),
        timeWindow,
        max,
      );
    });
  }

  const admitted = async (store: FastifyRateLimitStore, key: string, max: number) =>
    (await incr(store, key, max)).current <= max;

  async function rows() {
    return database.db.selectFrom('api_rate_limits').selectAll().execute();
  }

  it('lets two instances together admit exactly max in a window, however requests interleave', async () => {
    const [a, b] = [instance(), instance()];
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 45 }),
        // Batches of concurrent requests, each to instance 0 or 1; batches one after the other.
        fc.array(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 1, maxLength: 8 }), {
          maxLength: 12,
        }),
        async (max, batches) => {
          run += 1;
          const key = `client-${run}`;
          const stores = [a, b];
          let count = 0;
          for (const batch of batches) {
            const answers = await Promise.all(
              batch.map((which) => admitted(stores[which] ?? a, key, max)),
            );
            count += answers.filter(Boolean).length;
            expect(count).toBeLessThanOrEqual(max);
          }
          // Enough requests to both that neither keeps part of a chunk unspent.
          for (let i = 0; i <= max; i += 1) {
            const answers = await Promise.all([admitted(a, key, max), admitted(b, key, max)]);
            count += answers.filter(Boolean).length;
          }
          expect(count).toBe(max);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('answers with the time left in the window, and admits again in the next one', async () => {
    const store = instance();
    clock.advance(15_000);
    expect(await incr(store, 'ada', 2)).toEqual({ current: 1, ttl: 45_000 });
    expect(await incr(store, 'ada', 2)).toEqual({ current: 2, ttl: 45_000 });
    clock.advance(5_000);
    expect(await incr(store, 'ada', 2)).toEqual({ current: 3, ttl: 40_000 });

    clock.advance(40_000);
    expect(await incr(store, 'ada', 2)).toEqual({ current: 1, ttl: MINUTE });
  });

  it('asks the database no more once the window is used up', async () => {
    const store = instance();
    for (let i = 0; i < 3; i += 1) await incr(store, 'ada', 2);
    const [before] = await rows();
    for (let i = 0; i < 5; i += 1) expect(await admitted(store, 'ada', 2)).toBe(false);
    expect(await rows()).toEqual([before]);
  });

  it('fetches one lease for concurrent requests, not one each', async () => {
    const store = instance();
    // max 200: chunks of 10.
    const answers = await Promise.all(Array.from({ length: 10 }, () => incr(store, 'ada', 200)));
    expect(answers.map((answer) => answer.current).sort((x, y) => x - y)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect((await rows()).map((row) => row.used)).toEqual([10]);
  });

  it('shrinks leases near the limit, so that an unused chunk leaves little unadmitted', async () => {
    const [a, b] = [instance(), instance()];
    // max 100: chunks of 5 until fewer than 20 are unreserved, then a quarter, then one.
    for (let i = 0; i < 85; i += 1) await incr(a, 'ada', 100);
    const leasedByB = await incr(b, 'ada', 100);
    // B asked for 5 at first sight (it knew nothing yet): 90 taken, one admitted.
    expect(leasedByB.current).toBe(86);
    for (let i = 0; i < 10; i += 1) await incr(a, 'ada', 100);
    // A leased 3 (a quarter of the 15 it last saw unreserved), then 1 at a time: nothing was
    // reserved beyond max.
    expect((await rows()).map((row) => row.used)).toEqual([100]);
    expect(await admitted(a, 'ada', 100)).toBe(false);
    // B still spends what it leased: exactly 100 in all.
    const fromB = [];
    for (let i = 0; i < 5; i += 1) fromB.push(await admitted(b, 'ada', 100));
    expect(fromB).toEqual([true, true, true, true, false]);
  });

  it("counts a route's own limit apart from the API-wide one and from other routes, across instances", async () => {
    const [a, b] = [instance(), instance()];
    const loginA = a.child(routeParams('POST', '/api/auth/login'));
    const loginB = b.child(routeParams('POST', '/api/auth/login'));
    const register = a.child(routeParams('POST', '/api/auth/register'));

    expect(await admitted(a, 'ada', 1)).toBe(true);
    expect(await admitted(b, 'ada', 1)).toBe(false);
    expect(await admitted(loginA, 'ada', 1)).toBe(true);
    expect(await admitted(loginB, 'ada', 1)).toBe(false);
    expect(await admitted(register, 'ada', 1)).toBe(true);
    expect(await rows()).toHaveLength(3);
  });

  it('stores neither client addresses nor route names', async () => {
    const store = instance();
    await incr(store, '192.0.2.7', 5);
    await incr(store.child(routeParams('POST', '/api/auth/login')), '192.0.2.7', 5);
    for (const row of await rows()) {
      expect(row.key).not.toContain('192.0.2');
      expect(row.key).not.toContain('login');
    }
  });

  it('deletes the rows of ended windows, at most once a minute', async () => {
    const store = instance();
    const expiries = async () => (await rows()).map((row) => row.expires_at).sort();
    clock.advance(30_000);
    // The first lease cleans up (nothing to delete yet).
    await incr(store, 'ada', 5);
    clock.advance(40_000);
    await incr(store, 'ada', 5);
    // 10:01:10: the first window has ended, but the last clean-up was 40 s ago.
    expect(await expiries()).toEqual(['2026-11-22T10:01:00.000Z', '2026-11-22T10:02:00.000Z']);
    clock.advance(20_000);
    await incr(store, 'grace', 5);
    expect(await expiries()).toEqual(['2026-11-22T10:02:00.000Z', '2026-11-22T10:02:00.000Z']);
  });

  it('lets requests through and warns when the database fails, counting in the instance until the window ends', async () => {
    const broken = createDatabase('file::memory:');
    try {
      // Never migrated: every statement fails.
      const store = instance({ db: broken.db });
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await admitted(store, 'ada', 2));
      expect(answers).toEqual([true, true, false]);
      await incr(store, 'grace', 2);
      // One warning a minute: the clean-up's; the leases' failures are counted in the next one.
      expect(warn).toHaveBeenCalledTimes(1);
      clock.advance(MINUTE);
      expect(await admitted(store, 'ada', 2)).toBe(true);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(warn.mock.calls[1]?.[0]).toMatchObject({ suppressed: 2 });
    } finally {
      await broken.close();
    }
  });

  it('remembers a bounded number of clients, forgetting only their unused chunks', async () => {
    const store = instance({ cache: 2 });
    // max 40: chunks of 2, one of each spent.
    await incr(store, 'ada', 40);
    await incr(store, 'grace', 40);
    await incr(store, 'linus', 40);
    // Ada's entry, the least recently seen, went with the rest of her chunk: she leases anew.
    await incr(store, 'ada', 40);
    const used = (await rows()).map((row) => row.used).sort((x, y) => x - y);
    expect(used).toEqual([2, 2, 4]);
  });
});
