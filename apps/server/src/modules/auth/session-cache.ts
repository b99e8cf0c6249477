import { LRUCache } from 'lru-cache';
import { authDataGeneration } from './auth-data-changes.js';
import type { UserRow } from './users.repository.js';

/**
 * How long a confirmed session is trusted without asking the database again. This bounds how
 * late a change made elsewhere is seen: a session revoked or a user changed by another instance,
 * or by a direct write to the database (billing), counts from at most this long after it.
 */
export const SESSION_CACHE_TTL_MS = 1_000;
/** Sessions remembered at once; the least recently used beyond it are forgotten. */
export const SESSION_CACHE_MAX = 10_000;

interface Entry {
  user: Readonly<UserRow>;
  sessionExpiresAt: string;
  generation: number;
}

export interface ActiveSession {
  user: UserRow;
  /** When the session ends (ISO); checked against the service's clock on every hit. */
  sessionExpiresAt: string;
}

/**
 * The answer of the session check ("this session is active and this is its user"), kept for
 * {@link SESSION_CACHE_TTL_MS} per instance (ADR 020, second pass). Every signed-in request asked
 * the database before; a client sends many requests a second while the dashboard loads.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, Entry>;

  constructor(options: { ttlMs?: number; max?: number; monotonicNow?: () => number } = {}) {
    const { monotonicNow } = options;
    this.entries = new LRUCache<string, Entry>({
      max: options.max ?? SESSION_CACHE_MAX,
      ttl: options.ttlMs ?? SESSION_CACHE_TTL_MS,
      // A clock of the caller's (tests) is read on every call, not once per millisecond.
      ...(monotonicNow ? { perf: { now: monotonicNow }, ttlResolution: 0 } : {}),
    });
  }

  /**
   * The session's user, from the cache while it is fresh and still active at `now`, else from
   * `load` (which answers only active sessions).
   */
  async get(
    sessionId: string,
    userId: string,
    now: string,
    load: () => Promise<ActiveSession | undefined>,
  ): Promise<Readonly<UserRow> | undefined> {
    const key = `${sessionId}:${userId}`;
    const cached = this.entries.get(key);
    if (cached && cached.generation === authDataGeneration() && cached.sessionExpiresAt > now) {
      return cached.user;
    }
    // Read before the query: a change that lands while the query runs makes the entry stale.
    const before = authDataGeneration();
    const found = await load();
    if (!found) {
      this.entries.delete(key);
      return undefined;
    }
    // Shared by the requests that hit it, so no one may change it.
    const user = Object.freeze(found.user);
    this.entries.set(key, { user, sessionExpiresAt: found.sessionExpiresAt, generation: before });
    return user;
  }

  get size(): number {
    return this.entries.size;
  }
}
