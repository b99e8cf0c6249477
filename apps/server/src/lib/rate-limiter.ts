import { isIPv4, isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';
import { sha256 } from './crypto.js';
import { tooManyRequests } from './errors.js';

/**
 * At most `max` attempts in any `windowMs` (a sliding window), counted per subject (an address,
 * an account).
 */
export interface LimitRule {
  /** Part of the counter's key, e.g. `login:ip`. */
  name: string;
  max: number;
  windowMs: number;
}

/** One counter to bump: a rule and who is counted (an address from {@link clientAddressKey}, an email, a user id). */
export type LimitCheck = readonly [rule: LimitRule, subject: string];

export interface LimitState {
  /** Attempts in the current aligned window, this one included. */
  count: number;
  /** Attempts in the sliding window ending now, as the two-window approximation weighs them. */
  estimate: number;
  /** Whole seconds until one more attempt would be allowed. */
  retryAfterSeconds: number;
  allowed: boolean;
}

const CLEANUP_INTERVAL_MS = 60_000;

/**
 * Rate limits whose counters live in the database (table `rate_limits`), so that every server
 * instance sees the same counts (docs/architecture.md, "Scale-out"; ADR 011, ADR 024).
 *
 * Sliding windows by the two-window approximation: attempts are counted in windows aligned to
 * `windowMs`, and the count of the last `windowMs` is the current window's count plus the
 * previous window's, weighted by how much of it still lies inside the sliding window. Unlike
 * fixed windows, this lets no burst of 2 x max fit across a window edge, and a lock lasts as long
 * as the attempts that caused it stay recent rather than to an arbitrary window end. The two
 * windows of a subject are two rows (keys ending in the window number's parity), each bumped with
 * one atomic upsert.
 *
 * Subjects are stored hashed: the table never holds the email addresses of people who merely
 * tried to sign in.
 */
export class RateLimiter {
  private lastCleanup = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  /**
   * Counts one attempt against every check; throws a 429 with `Retry-After` (the longest wait of
   * the exceeded ones) when any is over its maximum. Every counter is bumped even then, so that
   * hammering does not go uncounted.
   */
  async consume(...checks: LimitCheck[]): Promise<void> {
    const states = [];
    for (const [rule, subject] of checks) states.push(await this.hit(rule, subject));
    const exceeded = states.filter((state) => !state.allowed);
    if (exceeded.length > 0) {
      throw tooManyRequests(
        undefined,
        Math.max(...exceeded.map((state) => state.retryAfterSeconds)),
      );
    }
  }

  /** Counts one attempt and tells whether it is within the limit. */
  async hit(rule: LimitRule, subject: string): Promise<LimitState> {
    const now = this.now();
    const nowMs = now.getTime();
    const window = Math.floor(nowMs / rule.windowMs);
    const windowStartMs = window * rule.windowMs;
    await this.cleanUp(now);
    const row = await this.db
      .insertInto('rate_limits')
      .values({
        key: this.key(rule, subject, window),
        window_start: new Date(windowStartMs).toISOString(),
        count: 1,
        // The row still weighs in during the next window.
        expires_at: new Date(windowStartMs + 2 * rule.windowMs).toISOString(),
      })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => ({
          // The row of the window before last (same parity) starts again at 1.
          count: eb
            .case()
            .when('rate_limits.window_start', '=', eb.ref('excluded.window_start'))
            .then(eb('rate_limits.count', '+', 1))
            .else(1)
            .end(),
          window_start: eb.ref('excluded.window_start'),
          expires_at: eb.ref('excluded.expires_at'),
        })),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    const previousCount = await this.count(rule, subject, window - 1);
    return limitState(rule, previousCount, row.count, nowMs - windowStartMs);
  }

  /**
   * Whether one more attempt would be within the limit, without counting one: for budgets that
   * count failures only, checked before the attempt and hit when it failed.
   */
  async peek(rule: LimitRule, subject: string): Promise<LimitState> {
    const nowMs = this.now().getTime();
    const window = Math.floor(nowMs / rule.windowMs);
    const [previousCount, currentCount] = await Promise.all([
      this.count(rule, subject, window - 1),
      this.count(rule, subject, window),
    ]);
    const elapsedMs = nowMs - window * rule.windowMs;
    return {
      // As if the attempt were counted: what `hit` would answer for it…
      ...limitState(rule, previousCount, currentCount + 1, elapsedMs),
      // …but the wait is until the one not counted fits.
      retryAfterSeconds: retrySeconds(rule, previousCount, currentCount, elapsedMs),
    };
  }

  /** The count of a subject's window, 0 when its row holds another window or none. */
  private async count(rule: LimitRule, subject: string, window: number): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', this.key(rule, subject, window))
      .where('window_start', '=', new Date(window * rule.windowMs).toISOString())
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  /** Forgets a subject's attempts, e.g. an account's failed logins after a successful one. */
  async reset(rule: LimitRule, subject: string): Promise<void> {
    await this.db
      .deleteFrom('rate_limits')
      .where('key', 'in', [this.key(rule, subject, 0), this.key(rule, subject, 1)])
      .execute();
  }

  private key(rule: LimitRule, subject: string, window: number): string {
    return `${rule.name}:${sha256(subject)}:${window % 2}`;
  }

  private async cleanUp(now: Date): Promise<void> {
    if (now.getTime() - this.lastCleanup < CLEANUP_INTERVAL_MS) return;
    this.lastCleanup = now.getTime();
    await this.db.deleteFrom('rate_limits').where('expires_at', '<=', now.toISOString()).execute();
  }
}

/** The state after `current` attempts in the window, `elapsedMs` into it, and `previous` before. */
function limitState(
  rule: LimitRule,
  previous: number,
  current: number,
  elapsedMs: number,
): LimitState {
  const { windowMs } = rule;
  // In whole milliseconds, so that "exactly at the limit" is not lost to rounding.
  const weighted = previous * (windowMs - elapsedMs) + current * windowMs;
  return {
    count: current,
    estimate: weighted / windowMs,
    allowed: weighted <= rule.max * windowMs,
    retryAfterSeconds: retrySeconds(rule, previous, current, elapsedMs),
  };
}

/** {@link waitMs} in whole seconds, at least 1 (Retry-After). */
function retrySeconds(rule: LimitRule, previous: number, current: number, elapsedMs: number) {
  return Math.max(1, Math.ceil(Math.round(waitMs(rule, previous, current, elapsedMs)) / 1000));
}

/**
 * How long until one more attempt fits: until `previous * (1 - f) + current + 1 <= max`, where
 * `f` is the fraction of the current window that has passed. When the current window alone is
 * too full, the wait runs into the next window, where it is the previous one.
 */
function waitMs(rule: LimitRule, previous: number, current: number, elapsedMs: number): number {
  const room = rule.max - 1;
  const { windowMs } = rule;
  if (current <= room) {
    if (previous === 0) return 0;
    return Math.max(0, windowMs * (1 - (room - current) / previous) - elapsedMs);
  }
  const intoNextWindow = room <= 0 ? 1 : 1 - room / current;
  return windowMs - elapsedMs + intoNextWindow * windowMs;
}

/**
 * The subject for per-address limits: IPv4 as is (also when mapped into IPv6), IPv6 by its /64
 * prefix, because one host usually owns a whole /64 (like the API-wide limit).
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const address = ip.split('%')[0] ?? ip;
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'),
          ...tailGroups,
        ];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
