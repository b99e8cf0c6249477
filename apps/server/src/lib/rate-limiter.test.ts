import { ERROR_MESSAGES } from '@livent/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migratedTestDatabase, type MigratedTestDatabase } from '../test/database.js';
import { testClock, type TestClock } from '../test/clock.js';
import { isHttpError } from './errors.js';
import { clientAddressKey, RateLimiter, type LimitRule } from './rate-limiter.js';

const MINUTE = 60_000;
const rule: LimitRule = { name: 'test', max: 3, windowMs: 15 * MINUTE };

describe('RateLimiter', () => {
  let database: MigratedTestDatabase;
  let clock: TestClock;
  let limiter: RateLimiter;
  beforeEach(async () => {
    database = await migratedTestDatabase();
    // 10:00 is the start of a 15-minute window.
    clock = testClock('2026-11-22T10:00:00.000Z');
    limiter = new RateLimiter(database.db, clock.now);
  });
  afterEach(async () => database.cleanup());

  it('allows max attempts, then tells how long until one more fits', async () => {
    const states = [];
    for (let i = 0; i < 4; i += 1) states.push(await limiter.hit(rule, 'ada@example.com'));
    expect(states.map((state) => [state.count, state.allowed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    // 4 attempts at 10:00 weigh 4 x (1 - f) in the next window: one more fits at f = 1/2.
    expect(states[3]?.retryAfterSeconds).toBe(22.5 * 60);

    clock.advance(10 * MINUTE);
    // 5 attempts now: 5 min to the window's end, then until 5 x (1 - f) <= 2, f = 3/5.
    expect(await limiter.hit(rule, 'ada@example.com')).toMatchObject({
      allowed: false,
      retryAfterSeconds: 14 * 60,
    });
  });

  it('fits no burst of twice the maximum across a window edge', async () => {
    clock.advance(14 * MINUTE);
    for (let i = 0; i < 3; i += 1) await limiter.hit(rule, 'ada@example.com');
    // 10:15, a new aligned window: the three attempts of a minute ago still count.
    clock.advance(MINUTE);
    const edge = await limiter.hit(rule, 'ada@example.com');
    expect(edge).toMatchObject({ count: 1, allowed: false });
    // 3 x (1 - f) + 1 + 1 <= 3 at f = 2/3: ten minutes into the window.
    expect(edge.retryAfterSeconds).toBe(10 * 60);
    clock.advance(10 * MINUTE);
    expect(await limiter.hit(rule, 'ada@example.com')).toMatchObject({
      count: 2,
      estimate: 3,
      allowed: true,
    });
  });

  it('forgets attempts older than the sliding window', async () => {
    for (let i = 0; i < 4; i += 1) await limiter.hit(rule, 'ada@example.com');
    clock.advance(30 * MINUTE);
    expect(await limiter.hit(rule, 'ada@example.com')).toMatchObject({
      count: 1,
      estimate: 1,
      allowed: true,
    });
  });

  it('counts subjects and rules apart', async () => {
    for (let i = 0; i < 3; i += 1) await limiter.hit(rule, 'ada@example.com');
    expect((await limiter.hit(rule, 'bob@example.com')).count).toBe(1);
    expect((await limiter.hit({ ...rule, name: 'other' }, 'ada@example.com')).count).toBe(1);
  });

  it('forgets a subject on reset', async () => {
    for (let i = 0; i < 3; i += 1) await limiter.hit(rule, 'ada@example.com');
    await limiter.reset(rule, 'ada@example.com');
    expect((await limiter.hit(rule, 'ada@example.com')).count).toBe(1);
  });

  it('throws a 429 with Retry-After from consume, bumping every counter', async () => {
    const other: LimitRule = { name: 'wide', max: 100, windowMs: 60 * MINUTE };
    for (let i = 0; i < 3; i += 1) await limiter.consume([rule, 'ada'], [other, '192.0.2.1']);
    const error = await limiter.consume([rule, 'ada'], [other, '192.0.2.1']).catch((e) => e);
    expect(isHttpError(error)).toBe(true);
    expect(error).toMatchObject({
      statusCode: 429,
      message: ERROR_MESSAGES.tooManyRequests,
      headers: { 'retry-after': String(22.5 * 60) },
    });
    expect((await limiter.hit(other, '192.0.2.1')).count).toBe(5);
  });

  it('peeks at whether one more fits without counting it', async () => {
    expect(await limiter.peek(rule, 'ada')).toMatchObject({ allowed: true, count: 1 });
    for (let i = 0; i < 3; i += 1) await limiter.hit(rule, 'ada');
    // Three counted at 10:00 and none more by peeking: one more waits until 3 x (1 - f) <= 2.
    expect(await limiter.peek(rule, 'ada')).toMatchObject({
      allowed: false,
      count: 4,
      retryAfterSeconds: 20 * 60,
    });
    expect((await limiter.hit(rule, 'ada')).count).toBe(4);
    clock.advance(20 * MINUTE);
    expect(await limiter.peek(rule, 'ada')).toMatchObject({ allowed: false });
    clock.advance(2.5 * MINUTE);
    expect(await limiter.peek(rule, 'ada')).toMatchObject({ allowed: true });
  });

  it('shares its counters between limiters of one database (several instances)', async () => {
    const second = new RateLimiter(database.db, clock.now);
    await limiter.hit(rule, 'ada');
    await second.hit(rule, 'ada');
    await Promise.all([limiter.hit(rule, 'ada'), second.hit(rule, 'ada')]);
    expect((await limiter.hit(rule, 'ada')).count).toBe(5);
  });

  it('stores subjects hashed and deletes expired counters now and then', async () => {
    await limiter.hit(rule, 'ada@example.com');
    const keys = await database.db.selectFrom('rate_limits').select('key').execute();
    expect(keys.map((row) => row.key).join()).not.toContain('ada');

    clock.advance(2 * 60 * MINUTE);
    await limiter.hit(rule, 'bob@example.com');
    expect(await database.db.selectFrom('rate_limits').select('key').execute()).toHaveLength(1);
  });
});

describe('clientAddressKey', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s -> %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });
});
