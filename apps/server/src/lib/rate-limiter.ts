import { isIPv4, isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';
import { sha256 } from './crypto.js';
import { tooManyRequests } from './errors.js';

/** `max` attempts per fixed window of `windowMs`, counted per subject (an address, an account). */
export interface LimitRule {
  /** Part of the counter's key, e.g. `login:ip`. */
  name: string;
  max: number;
  windowMs: number;
}

/** One counter to bump: a rule and who is counted (an address from {@link clientAddressKey}, an email, a user id). */
export type LimitCheck = readonly [rule: LimitRule, subject: string];

export interface LimitState {
  count: number;
  /** Whole seconds until the window ends. */
  retryAfterSeconds: number;
  allowed: boolean;
}

const CLEANUP_INTERVAL_MS = 60_000;

/**
 * Rate limits whose counters live in the database (table `rate_limits`), so that every server
 * instance sees the same counts (ARCHITECTURE.md, "Scale-out"; ADR 011). Fixed
 * windows: a counter starts at the first attempt of a window aligned to `windowMs` and counts
 * up with one atomic upsert per attempt. Expired rows are deleted now and then by whichever
 * instance counts next.
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
    const windowStartMs = Math.floor(nowMs / rule.windowMs) * rule.windowMs;
    const windowEndMs = windowStartMs + rule.windowMs;
    const windowStart = new Date(windowStartMs).toISOString();
    await this.cleanUp(now);
    const row = await this.db
      .insertInto('rate_limits')
      .values({
        key: this.key(rule, subject),
        window_start: windowStart,
        count: 1,
        expires_at: new Date(windowEndMs).toISOString(),
      })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => ({
          // A counter of an earlier window starts again at 1.
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
    return {
      count: row.count,
      allowed: row.count <= rule.max,
      retryAfterSeconds: Math.max(1, Math.ceil((windowEndMs - nowMs) / 1000)),
    };
  }

  /** Forgets a subject's attempts, e.g. an account's failed logins after a successful one. */
  async reset(rule: LimitRule, subject: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', this.key(rule, subject)).execute();
  }

  private key(rule: LimitRule, subject: string): string {
    return `${rule.name}:${sha256(subject)}`;
  }

  private async cleanUp(now: Date): Promise<void> {
    if (now.getTime() - this.lastCleanup < CLEANUP_INTERVAL_MS) return;
    this.lastCleanup = now.getTime();
    await this.db.deleteFrom('rate_limits').where('expires_at', '<=', now.toISOString()).execute();
  }
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
