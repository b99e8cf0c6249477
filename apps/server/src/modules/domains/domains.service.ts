import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  hasFeature,
  type CustomDomain,
  type DomainCheckError,
  type DomainDisabledReason,
  type DomainStatus,
  type DomainsList,
  type UpdateDomainInput,
} from '@livent/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken } from '../../lib/crypto.js';
import type { DnsLookup } from '../../lib/dns/resolver.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { LimitRule, RateLimiter } from '../../lib/rate-limiter.js';
import type { AuditActor, AuditLog } from '../audit/index.js';
import type { AuthContext } from '../auth/index.js';
import { lockOwnerPlan, planOf } from '../plans/index.js';
import { checkDomain, txtRecordName } from './domain-check.js';
import { afterCheck, DOMAIN_SCHEDULE, domainAllowance, planActions } from './domain-schedule.js';
import type { DomainTable } from './domain-table.js';
import {
  clearDefault,
  countDomains,
  deleteDomain,
  domainsWithPlans,
  findDomain,
  findDomainByName,
  insertDomain,
  listDomains,
  updateDomain,
  userPlan,
  type DomainChanges,
  type DomainRow,
} from './domains.repository.js';

export interface DomainsDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Clock;
  log: FastifyBaseLogger;
  dns: DnsLookup;
  table: DomainTable;
  limiter: RateLimiter;
  /** The re-checks an account may ask for (`POST /domains/{id}/check`). */
  checkLimit: LimitRule;
  /** The hostname CNAMEs point at (CUSTOM_DOMAIN_TARGET). */
  target: string;
  caaIssuers: readonly string[];
  /** Our own hostnames: they and every name under them can never be claimed. */
  ownHosts: readonly string[];
  /** Records domains added and removed in their transaction (ADR 069). */
  audit: AuditLog;
}

/**
 * Custom domains of accounts (docs/product-spec.md sections 3, 4 and 8; docs/decisions/030-custom-domains.md):
 * adding (plan feature and limit, our own names refused, one account per name), the DNS checks
 * and their schedule, the plan's grace period, and what the serving table reads.
 */
export class DomainsService {
  constructor(private readonly deps: DomainsDependencies) {}

  async list(auth: AuthContext): Promise<DomainsList> {
    const { db, now } = this.deps;
    const [rows, plan] = await Promise.all([
      listDomains(db, auth.user.id),
      userPlan(db, auth.user.id),
    ]);
    const effective = plan ? planOf(plan, now()) : undefined;
    return {
      domains: rows.map((row) => this.toDomain(row)),
      limit: effective ? domainAllowance(effective) : 0,
      canShare: effective ? hasFeature(effective.allowance, 'ENTERPRISE_ADMIN') : false,
    };
  }

  /**
   * Adds a pending domain and checks it at once (so that records already set show at once).
   * The plan's feature and limit are read with the account locked, so parallel adds cannot pass
   * the limit. A name another account holds is "Domain already taken", unless that claim never
   * became active and is older than {@link DOMAIN_SCHEDULE.claimExpiresAfterMs}: then it gives way.
   */
  async create(auth: AuthContext, name: string, actor: AuditActor): Promise<CustomDomain> {
    const { db, dialect, now } = this.deps;
    if (this.isOwnName(name)) throw badRequest(ERROR_MESSAGES.domainReserved);
    const userId = auth.user.id;
    const id = randomUUID();
    try {
      await db.transaction().execute(async (trx) => {
        const plan = planOf(await lockOwnerPlan(trx, userId, dialect), now());
        if (!hasFeature(plan.allowance, 'CUSTOM_DOMAIN')) {
          throw forbidden(ERROR_MESSAGES.featureNotAvailable);
        }
        if ((await countDomains(trx, userId)) >= domainAllowance(plan)) {
          throw forbidden(ERROR_MESSAGES.domainLimitReached);
        }
        const existing = await findDomainByName(trx, name);
        if (existing) {
          if (existing.user_id === userId || !this.claimExpired(existing)) {
            throw conflict(ERROR_MESSAGES.domainTaken);
          }
          await deleteDomain(trx, existing.id);
          this.deps.log.info(
            { domain: name, from: existing.user_id, to: userId },
            'domains: an unverified claim was taken over',
          );
        }
        const at = now().toISOString();
        await insertDomain(trx, {
          id,
          user_id: userId,
          name,
          status: 'pending',
          verification_token: `livent-verify=${randomToken(24)}`,
          checking_since: at,
          next_check_at: at,
          created_at: at,
        });
        await this.deps.audit.record(
          { accountId: userId, actor, action: 'account.domain_added', details: { name } },
          trx,
        );
      });
    } catch (error) {
      // Another account added the name between the look and the insert.
      if (isUniqueViolation(error)) throw conflict(ERROR_MESSAGES.domainTaken);
      throw error;
    }
    return this.checkNow(userId, id);
  }

  async update(auth: AuthContext, id: string, input: UpdateDomainInput): Promise<CustomDomain> {
    const { db } = this.deps;
    const userId = auth.user.id;
    await db.transaction().execute(async (trx) => {
      await this.require(trx, userId, id);
      const changes: DomainChanges = {};
      if (input.isDefault !== undefined) {
        if (input.isDefault) await clearDefault(trx, userId);
        changes.is_default = input.isDefault ? 1 : 0;
      }
      if (input.redirectUrl !== undefined) changes.redirect_url = input.redirectUrl || null;
      if (input.shared !== undefined) changes.shared = input.shared ? 1 : 0;
      if (Object.keys(changes).length > 0) await updateDomain(trx, id, changes);
    });
    await this.deps.table.changed();
    return this.toDomain(await this.require(db, userId, id));
  }

  async remove(auth: AuthContext, id: string, actor: AuditActor): Promise<void> {
    const { db } = this.deps;
    await db.transaction().execute(async (trx) => {
      const row = await this.require(trx, auth.user.id, id);
      await deleteDomain(trx, id);
      await this.deps.audit.record(
        {
          accountId: auth.user.id,
          actor,
          action: 'account.domain_removed',
          details: { name: row.name },
        },
        trx,
      );
    });
    await this.deps.table.changed();
  }

  /** The user's re-check: limited per account; it starts the back-off afresh. */
  async recheck(auth: AuthContext, id: string): Promise<CustomDomain> {
    const { db, limiter, checkLimit, now } = this.deps;
    const row = await this.require(db, auth.user.id, id);
    await limiter.consume([checkLimit, auth.user.id]);
    if (row.status !== 'disabled') {
      await updateDomain(db, id, { checking_since: now().toISOString(), check_failures: 0 });
    }
    return this.checkNow(auth.user.id, id);
  }

  /**
   * Checks one domain's DNS and writes the outcome (every check does). A domain disabled by us
   * stays disabled: only its owner's plan brings it back ({@link applyPlans}).
   */
  async check(row: DomainRow): Promise<void> {
    const { db, dns, now } = this.deps;
    if (row.status === 'disabled') {
      await updateDomain(db, row.id, { locked_until: null, next_check_at: null });
      return;
    }
    const outcome = await checkDomain(dns, {
      name: row.name,
      token: row.verification_token,
      target: this.deps.target,
      caaIssuers: this.deps.caaIssuers,
      requireTxt: row.activated_at === null,
    });
    const at = now();
    const next = afterCheck(
      {
        status: row.status as DomainStatus,
        failures: row.check_failures,
        checkingSince: row.checking_since,
      },
      outcome,
      at,
    );
    await updateDomain(db, row.id, {
      status: next.status,
      status_detail: outcome.error ? row.status_detail : outcome.detail,
      check_error: outcome.error,
      check_failures: next.failures,
      checking_since: next.checkingSince,
      next_check_at: next.nextCheckAt,
      last_checked_at: at.toISOString(),
      locked_until: null,
      ...(next.status === 'active' && row.activated_at === null
        ? { activated_at: at.toISOString() }
        : {}),
    });
    if ((next.status === 'active') !== (row.status === 'active')) {
      this.deps.log.info(
        { domain: row.name, from: row.status, to: next.status },
        'domains: status changed',
      );
      await this.deps.table.changed();
    }
  }

  /**
   * The owners' plans applied to their domains (ADR 030, "Plan expiry"): through the effective
   * plan only. Domains over what the plan allows get a grace period, then are disabled with
   * reason `plan`; when the plan allows them again they leave it, or are checked again.
   */
  async applyPlans(): Promise<void> {
    const { db, now } = this.deps;
    const at = now();
    const rows = await domainsWithPlans(db);
    const byUser = new Map<string, typeof rows>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    let changed = false;
    for (const domains of byUser.values()) {
      const allowed = domainAllowance(planOf(domains[0]!, at));
      const actions = planActions(
        domains.map((row) => ({
          id: row.id,
          status: row.status as DomainStatus,
          disabledReason: row.disabled_reason,
          isDefault: row.is_default === 1,
          activatedAt: row.activated_at,
          createdAt: row.created_at,
          planLapsedAt: row.plan_lapsed_at,
        })),
        allowed,
        at,
      );
      for (const { id, action } of actions) {
        const iso = at.toISOString();
        const changes: Record<typeof action, DomainChanges> = {
          'start-grace': { plan_lapsed_at: iso },
          'clear-grace': { plan_lapsed_at: null },
          disable: { status: 'disabled', disabled_reason: 'plan', next_check_at: null },
          restore: {
            status: 'pending',
            disabled_reason: null,
            plan_lapsed_at: null,
            status_detail: null,
            check_error: null,
            check_failures: 0,
            checking_since: iso,
            next_check_at: iso,
          },
        };
        await updateDomain(db, id, changes[action]);
        changed ||= action === 'disable' || action === 'restore';
      }
    }
    if (changed) await this.deps.table.changed();
  }

  private async checkNow(userId: string, id: string): Promise<CustomDomain> {
    const { db } = this.deps;
    await this.check(await this.require(db, userId, id));
    return this.toDomain(await this.require(db, userId, id));
  }

  private claimExpired(row: DomainRow): boolean {
    return (
      row.activated_at === null &&
      row.status !== 'active' &&
      this.deps.now().getTime() - Date.parse(row.created_at) >= DOMAIN_SCHEDULE.claimExpiresAfterMs
    );
  }

  /** Our hostnames, anything under them, and the loopback names. */
  private isOwnName(name: string): boolean {
    const own = [...this.deps.ownHosts, 'localhost'];
    return own.some((host) => name === host || name.endsWith(`.${host}`));
  }

  private async require(db: Kysely<Database>, userId: string, id: string): Promise<DomainRow> {
    const row = await findDomain(db, userId, id);
    if (!row) throw notFound(ERROR_MESSAGES.domainNotFound);
    return row;
  }

  private toDomain(row: DomainRow): CustomDomain {
    const caaIssuer = this.deps.caaIssuers[0] ?? 'letsencrypt.org';
    return {
      id: row.id,
      name: row.name,
      status: row.status as DomainStatus,
      statusDetail: row.status_detail,
      checkError: row.check_error as DomainCheckError | null,
      disabledReason: row.disabled_reason as DomainDisabledReason | null,
      isDefault: row.is_default === 1,
      redirectUrl: row.redirect_url,
      shared: row.shared === 1,
      records: {
        cname: { name: row.name, value: this.deps.target },
        txt: { name: txtRecordName(row.name), value: row.verification_token },
        caa: { name: row.name, value: `0 issue "${caaIssuer}"`, issuer: caaIssuer },
      },
      lastCheckedAt: row.last_checked_at,
      nextCheckAt: row.next_check_at,
      activatedAt: row.activated_at,
      createdAt: row.created_at,
    };
  }
}
