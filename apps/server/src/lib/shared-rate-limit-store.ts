import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';
import { sha256 } from './crypto.js';

/** What every store of one app shares: the database, the clock, the log. */
export interface SharedRateLimitStoreOptions {
  db: Kysely<Database>;
  now: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Clients remembered per limiter; the least recently seen are dropped beyond it. */
  cache: number;
}

/** The part of `@fastify/rate-limit`'s merged route parameters that `child` reads. */
interface ChildOptions {
  cache?: number;
  routeInfo?: {
    method?: string | string[];
    url?: string;
    config?: { rateLimit?: { groupId?: string } | false };
  };
}

interface RateLimitAnswer {
  current: number;
  ttl: number;
}

/** One client's share of one window, as this instance knows it. */
interface WindowShare {
  /** The window's number: time / timeWindow, rounded down. */
  window: number;
  /** What this instance leased in the window so far. */
  leased: number;
  /** Leased but not admitted yet. */
  left: number;
  /** What the instances had taken between them at the last lease, at most max. */
  taken: number;
  /** No more to lease in this window: 429 once `left` is spent. */
  exhausted: boolean;
  /** The lease being fetched, which concurrent requests wait for instead of asking again. */
  leasing?: Promise<void>;
}

const CHUNK_DIVISOR = 20;
const CLEANUP_INTERVAL_MS = 60_000;
const WARNING_INTERVAL_MS = 60_000;

/** Mutable state of the root store that its children share. */
interface Housekeeping {
  lastCleanup: number;
  lastWarning: number;
  suppressedWarnings: number;
  anonymousLimiters: number;
}

/**
 * A store for `@fastify/rate-limit` that counts in the database, so that a limit of N holds for
 * the sum of what every instance on one PostgreSQL database admits (docs/architecture.md,
 * "Scale-out"; ADR 033).
 *
 * Windows are fixed and aligned to `timeWindow`, like the plugin's own store. Per client and
 * window, an instance leases a chunk of the allowance from a shared counter with one upsert
 * (`used = used + k returning used`) and admits from that chunk in memory, so that a request
 * almost never waits for the database. A chunk is about max/20, never more than a quarter of what
 * was unreserved at this instance's last lease, and at least 1: near the limit chunks shrink to one
 * request. What a lease grants is cut to what the counter had left before it, so the instances
 * together never admit more than max (a lease that overshoots just marks the window used up). The
 * price is a small under-admission: a chunk leased by an instance the client no longer reaches
 * stays unused until the window ends (at most one chunk per instance, about max/20 each).
 *
 * Once the counter says the window is used up, the instance answers 429 for the rest of the window
 * without asking again; requests that arrive while a lease is fetched wait for that one lease.
 * Clients and routes are stored hashed (no client addresses in the table); a route's own limit
 * (`child`) counts apart from the API-wide one and from other routes.
 */
class SharedRateLimitStore implements FastifyRateLimitStore {
  private readonly shares: LRUCache<string, WindowShare>;

  constructor(
    private readonly options: SharedRateLimitStoreOptions,
    /** Keeps this limiter's counters apart from the others' (the route, or its group). */
    private readonly prefix: string,
    private readonly housekeeping: Housekeeping,
    cache = options.cache,
  ) {
    // Dropping a client only forgets an unused chunk (under-admission, never over-admission).
    this.shares = new LRUCache({ max: cache });
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: RateLimitAnswer) => void,
    timeWindow: number,
    max: number,
  ): void {
    const nowMs = this.options.now().getTime();
    const window = Math.floor(nowMs / timeWindow);
    // The plugin turns it into Retry-After and X-RateLimit-Reset.
    const ttl = (window + 1) * timeWindow - nowMs;
    let share = this.shares.get(key);
    if (share?.window !== window) {
      share = { window, leased: 0, left: 0, taken: 0, exhausted: false };
      this.shares.set(key, share);
    }
    if (share.left > 0) {
      share.left -= 1;
      callback(null, { current: Math.max(1, share.taken - share.left), ttl });
      return;
    }
    if (share.exhausted) {
      callback(null, { current: max + 1, ttl });
      return;
    }
    const waiting = share;
    waiting.leasing ??= this.lease(key, waiting, timeWindow, max).finally(() => {
      waiting.leasing = undefined;
    });
    // The lease never rejects; another try admits from it, or leases again if the requests that
    // waited with this one spent it.
    void waiting.leasing.then(() => this.incr(key, callback, timeWindow, max));
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // The plugin's types name the route's options, but it passes its merged parameters, the
    // route's among them as `routeInfo` (mergeParams in @fastify/rate-limit's index.js).
    const params = routeOptions as unknown as ChildOptions;
    return new SharedRateLimitStore(
      this.options,
      this.childPrefix(params),
      this.housekeeping,
      params.cache ?? this.options.cache,
    );
  }

  private childPrefix({ routeInfo }: ChildOptions): string {
    const groupId = routeInfo?.config?.rateLimit ? routeInfo.config.rateLimit.groupId : undefined;
    if (groupId !== undefined) return `group:${groupId}`;
    if (routeInfo?.url !== undefined) {
      return `route:${[routeInfo.method ?? ''].flat().join(',')} ${routeInfo.url}`;
    }
    // `createRateLimit(options)` or `rateLimit(options)` without a route: every instance runs the
    // same code and so creates these in the same order.
    this.housekeeping.anonymousLimiters += 1;
    return `limiter:${this.housekeeping.anonymousLimiters}`;
  }

  private async lease(
    key: string,
    share: WindowShare,
    timeWindow: number,
    max: number,
  ): Promise<void> {
    const unreserved = share.leased === 0 ? max : max - share.taken;
    const chunk = Math.max(1, Math.min(Math.ceil(max / CHUNK_DIVISOR), Math.floor(unreserved / 4)));
    const now = this.options.now();
    try {
      await this.cleanUp(now);
      const row = await this.options.db
        .insertInto('api_rate_limits')
        .values({
          key: `${timeWindow}:${share.window}:${sha256(`${this.prefix}\n${key}`)}`,
          used: chunk,
          expires_at: new Date((share.window + 1) * timeWindow).toISOString(),
        })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet((eb) => ({
            used: eb('api_rate_limits.used', '+', eb.ref('excluded.used')),
          })),
        )
        .returning('used')
        .executeTakeFirstOrThrow();
      const before = row.used - chunk;
      const granted = Math.max(0, Math.min(chunk, max - before));
      share.leased += granted;
      share.left += granted;
      share.taken = Math.min(max, row.used);
      if (row.used >= max) share.exhausted = true;
    } catch (error) {
      // Refusing every request while the database is unreachable would turn a database outage
      // into an API outage, and a 500 per request would be worse; so this instance falls back to
      // counting the rest of the window on its own, as the plugin's memory store would (the limit
      // then holds per instance), and asks the database again in the next window. The plugin's
      // `skipOnError` would let every request through silently instead.
      this.warn(error);
      share.left = Math.max(0, max - (share.leased - share.left));
      share.leased = max;
      share.taken = max;
      share.exhausted = true;
    }
  }

  /** Deletes the rows of ended windows, at most once a minute per app. */
  private async cleanUp(now: Date): Promise<void> {
    if (now.getTime() - this.housekeeping.lastCleanup < CLEANUP_INTERVAL_MS) return;
    this.housekeeping.lastCleanup = now.getTime();
    try {
      await this.options.db
        .deleteFrom('api_rate_limits')
        .where('expires_at', '<=', now.toISOString())
        .execute();
    } catch (error) {
      // Old rows only take room; the lease may still succeed.
      this.warn(error);
    }
  }

  /** One warning a minute at most: an outage must not flood the log with one line per client. */
  private warn(error: unknown): void {
    const nowMs = this.options.now().getTime();
    if (nowMs - this.housekeeping.lastWarning < WARNING_INTERVAL_MS) {
      this.housekeeping.suppressedWarnings += 1;
      return;
    }
    this.options.log.warn(
      { err: error, suppressed: this.housekeeping.suppressedWarnings },
      'API rate limit: the shared counter is unreachable; counting in this instance until the window ends',
    );
    this.housekeeping.lastWarning = nowMs;
    this.housekeeping.suppressedWarnings = 0;
  }
}

/**
 * The store class for `@fastify/rate-limit`'s `store` option, bound to the app's database; the
 * plugin constructs it itself (`new Store(globalParams)`).
 */
export function sharedRateLimitStore(
  options: SharedRateLimitStoreOptions,
): FastifyRateLimitStoreCtor {
  return class extends SharedRateLimitStore {
    constructor() {
      super(options, 'api', {
        lastCleanup: Number.NEGATIVE_INFINITY,
        lastWarning: Number.NEGATIVE_INFINITY,
        suppressedWarnings: 0,
        anonymousLimiters: 0,
      });
    }
  };
}
