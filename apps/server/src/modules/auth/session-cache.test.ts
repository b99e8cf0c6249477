import { describe, expect, it, vi } from 'vitest';
import { authDataChanged } from './auth-data-changes.js';
import { SessionCache, type ActiveSession } from './session-cache.js';
import type { UserRow } from './users.repository.js';

const NOW = '2026-01-01T00:00:00.000Z';

function session(name: string, sessionExpiresAt = '2026-02-01T00:00:00.000Z'): ActiveSession {
  return { user: { id: `user-${name}`, name } as UserRow, sessionExpiresAt };
}

function setUp(options: { max?: number } = {}) {
  // Not 0: lru-cache reads a start time of 0 as "no time to live".
  let clock = 1_000;
  const cache = new SessionCache({ ttlMs: 1_000, monotonicNow: () => clock, ...options });
  return {
    cache,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('SessionCache', () => {
  it('asks the database once while the answer is fresh, again once it is not', async () => {
    const { cache, advance } = setUp();
    const load = vi.fn(async () => session('a'));
    expect(await cache.get('s1', 'user-a', NOW, load)).toEqual(session('a').user);
    advance(999);
    expect(await cache.get('s1', 'user-a', NOW, load)).toEqual(session('a').user);
    expect(load).toHaveBeenCalledTimes(1);
    advance(2);
    await cache.get('s1', 'user-a', NOW, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep an inactive session', async () => {
    const { cache } = setUp();
    const load = vi.fn(async (): Promise<ActiveSession | undefined> => undefined);
    expect(await cache.get('s1', 'user-a', NOW, load)).toBeUndefined();
    expect(await cache.get('s1', 'user-a', NOW, load)).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks again once the session has expired by the service clock', async () => {
    const { cache } = setUp();
    const load = vi
      .fn<() => Promise<ActiveSession | undefined>>()
      .mockResolvedValueOnce(session('a', '2026-01-01T00:00:01.000Z'))
      .mockResolvedValueOnce(undefined);
    expect(await cache.get('s1', 'user-a', NOW, load)).toBeDefined();
    expect(await cache.get('s1', 'user-a', '2026-01-01T00:00:01.000Z', load)).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets every answer when users or sessions change (a revocation, a profile edit)', async () => {
    const { cache } = setUp();
    const load = vi.fn(async () => session('a'));
    await cache.get('s1', 'user-a', NOW, load);
    authDataChanged();
    await cache.get('s1', 'user-a', NOW, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep an answer read while users or sessions changed', async () => {
    const { cache } = setUp();
    const stale = vi.fn(async () => {
      // A revocation lands while the session check's query runs.
      authDataChanged();
      return session('a');
    });
    await cache.get('s1', 'user-a', NOW, stale);
    const fresh = vi.fn(async (): Promise<ActiveSession | undefined> => undefined);
    expect(await cache.get('s1', 'user-a', NOW, fresh)).toBeUndefined();
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('keys by session and user', async () => {
    const { cache } = setUp();
    await cache.get('s1', 'user-a', NOW, async () => session('a'));
    const other = vi.fn(async (): Promise<ActiveSession | undefined> => undefined);
    expect(await cache.get('s1', 'user-b', NOW, other)).toBeUndefined();
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('stays within its size, forgetting the least recently used', async () => {
    const { cache } = setUp({ max: 2 });
    const load = vi.fn(async () => session('a'));
    await cache.get('s1', 'user-a', NOW, load);
    await cache.get('s2', 'user-a', NOW, load);
    await cache.get('s1', 'user-a', NOW, load);
    await cache.get('s3', 'user-a', NOW, load);
    expect(cache.size).toBe(2);
    expect(load).toHaveBeenCalledTimes(3);
    // s2 was the least recently used.
    await cache.get('s2', 'user-a', NOW, load);
    expect(load).toHaveBeenCalledTimes(4);
    await cache.get('s3', 'user-a', NOW, load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('hands out users no request can change', async () => {
    const { cache } = setUp();
    const user = await cache.get('s1', 'user-a', NOW, async () => session('a'));
    expect(Object.isFrozen(user)).toBe(true);
  });
});
