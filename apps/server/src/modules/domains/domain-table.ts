import { hasFeature, normalizeRedirectUrl } from '@livent/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.js';
import { announceChange } from '../../lib/change-notices.js';
import { BackgroundLoop } from '../../lib/background-loop.js';
import type { Clock } from '../../lib/clock.js';
import { planOf } from '../plans/index.js';
import { eventsChanged } from '../events/index.js';
import { DOMAIN_SCHEDULE } from './domain-schedule.js';
import { activeDomains, eventOwnerBySlug } from './domains.repository.js';

/** An active custom domain as requests see it. */
export interface ServedDomain {
  id: string;
  name: string;
  userId: string;
  /** Null when none is set, or when the stored text is not a URL a `Location` header can carry. */
  redirectUrl: string | null;
  /** `shared` is on and the owner is an enterprise admin: its members' events are served too. */
  servesMembers: boolean;
}

export interface DomainTableOptions {
  /** How often the table is read again (other instances' changes, plan changes). */
  refreshMs: number;
}

/** How long an event's owner is remembered for the custom-domain check of its pages. */
const OWNER_TTL_MS = 5_000;

/** A request's `Host` as a domain name: lower case, without port or trailing dot. */
export function hostName(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const withoutPort = host.startsWith('[') ? host : host.replace(/:\d*$/, '');
  return withoutPort.toLowerCase().replace(/\.$/, '');
}

/**
 * Whether an active domain's owner lost custom domains and the grace period has run out: such a
 * domain serves nothing (ADR 043) even before the plan sweep, every five minutes, disables it.
 */
function planGraceOver(planLapsedAt: string | null, planAllows: boolean, now: Date): boolean {
  if (planAllows || planLapsedAt === null) return false;
  return now.getTime() - Date.parse(planLapsedAt) >= DOMAIN_SCHEDULE.planGraceMs;
}

/**
 * The active custom domains in memory (docs/decisions/030-custom-domains.md, "Serving"): requests
 * and Caddy's `ask` look hosts up here, never in DNS and never in the database per request. The
 * table is read again after every change made by any instance (each tells the others,
 * change-notices.ts) and every `refreshMs` for plans that change and notices that were lost. A change of an account's default domain changes its events'
 * `fullUrl`, so it tells the events list cache (events-list-cache.ts).
 */
export class DomainTable {
  private byName = new Map<string, ServedDomain>();
  private defaults = new Map<string, string>();
  /** Reads the table: concurrent calls share one read, the timer reads it every `refreshMs`. */
  private readonly reader: BackgroundLoop;
  private readonly owners = new LRUCache<
    string,
    { ownerId: string; enterpriseId: string | null } | 'none'
  >({ max: 10_000, ttl: OWNER_TTL_MS });

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    log: FastifyBaseLogger,
    options: DomainTableOptions,
  ) {
    this.reader = new BackgroundLoop({
      run: () => this.load(),
      log,
      failureMessage: 'domains: reading the active domains failed',
      intervalMs: options.refreshMs,
      runOnStart: false,
    });
  }

  async start(): Promise<void> {
    await this.refresh();
    this.reader.start();
  }

  /** Reads the table again without waiting for it (another instance's notice). */
  refreshInBackground(): void {
    this.reader.nudge();
  }

  async stop(): Promise<void> {
    await this.reader.stop();
  }

  /** The active domain a request's `Host` names, if any. */
  lookup(host: string | undefined): ServedDomain | undefined {
    const name = hostName(host);
    return name === undefined ? undefined : this.byName.get(name);
  }

  /** The origin of the account's default active domain (custom domains are served over HTTPS). */
  defaultOrigin(userId: string): string | undefined {
    const name = this.defaults.get(userId);
    return name === undefined ? undefined : `https://${name}`;
  }

  get size(): number {
    return this.byName.size;
  }

  /**
   * After a change to the domains: reads the table again here and tells the other instances to
   * (change-notices.ts), so a domain serves, or stops serving, on every instance at once.
   */
  async changed(): Promise<void> {
    await this.refresh();
    await announceChange(this.db, 'domains');
  }

  /**
   * Reads the table again; concurrent calls share one read, and a call during a read waits for
   * another one after it, so that a change committed before the call is always seen.
   */
  async refresh(): Promise<void> {
    await this.reader.runNow();
  }

  /**
   * Whether the domain serves the event with `slug`: the domain owner's events, and with
   * {@link ServedDomain.servesMembers} those of its enterprise members.
   */
  async serves(domain: ServedDomain, slug: string): Promise<boolean> {
    let owner = this.owners.get(slug);
    if (owner === undefined) {
      const row = await eventOwnerBySlug(this.db, slug);
      owner = row ? { ownerId: row.owner_id, enterpriseId: row.enterprise_id } : 'none';
      this.owners.set(slug, owner);
    }
    if (owner === 'none') return false;
    return (
      owner.ownerId === domain.userId ||
      (domain.servesMembers && owner.enterpriseId === domain.userId)
    );
  }

  private async load(): Promise<void> {
    const now = this.now();
    const rows = await activeDomains(this.db);
    const byName = new Map<string, ServedDomain>();
    const defaults = new Map<string, string>();
    for (const row of rows) {
      const { allowance } = planOf(row, now);
      if (planGraceOver(row.plan_lapsed_at, hasFeature(allowance, 'CUSTOM_DOMAIN'), now)) continue;
      const isAdmin = hasFeature(allowance, 'ENTERPRISE_ADMIN');
      byName.set(row.name, {
        id: row.id,
        name: row.name,
        userId: row.user_id,
        // Checked again here: a value saved before the API validated it must not reach a header.
        redirectUrl:
          row.redirect_url === null ? null : (normalizeRedirectUrl(row.redirect_url) ?? null),
        servesMembers: row.shared === 1 && isAdmin,
      });
      if (row.is_default === 1) defaults.set(row.user_id, row.name);
    }
    const defaultsChanged =
      defaults.size !== this.defaults.size ||
      [...defaults].some(([userId, name]) => this.defaults.get(userId) !== name);
    this.byName = byName;
    this.defaults = defaults;
    if (defaultsChanged) eventsChanged();
  }
}
