import {
  DOMAIN_CHECK_STOP_DAYS,
  DOMAIN_CLAIM_EXPIRY_DAYS,
  DOMAIN_PLAN_GRACE_DAYS,
  hasFeature,
  limitOf,
  type DomainStatus,
  type EffectivePlan,
} from '@livent/shared';
import type { CheckOutcome } from './domain-check.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The periodic re-check of domains (docs/decisions/030-custom-domains.md, "Re-checks"). */
export const DOMAIN_SCHEDULE = {
  /** The first re-check of a domain not yet active; each further one waits twice as long… */
  firstRetryMs: MINUTE,
  /** …up to this. */
  maxRetryMs: 6 * HOUR,
  /** The periodic checks of a domain not yet active stop this long after they began. */
  giveUpAfterMs: DOMAIN_CHECK_STOP_DAYS * DAY,
  /** An active domain is checked again this often. */
  activeRecheckMs: DAY,
  /** An unverified claim this old may be taken over by another account. */
  claimExpiresAfterMs: DOMAIN_CLAIM_EXPIRY_DAYS * DAY,
  planGraceMs: DOMAIN_PLAN_GRACE_DAYS * DAY,
} as const;

export interface ScheduleState {
  status: DomainStatus;
  /** Checks in a row that did not find the domain active (before this one). */
  failures: number;
  /** When the current run of checks began (creation or the user's last re-check). */
  checkingSince: string;
}

export interface CheckResult {
  status: DomainStatus;
  failures: number;
  nextCheckAt: string | null;
  checkingSince: string;
}

/**
 * The status and next check after a check's outcome. An outcome that could not decide (timeout,
 * failing server) keeps the status, so a resolver's hiccup never takes an active domain down.
 * Active: checked again daily. Otherwise the wait doubles from a minute to six hours, and the
 * periodic checks stop three days after they began (the user can re-check); an active domain
 * whose records are gone stops serving at once and starts that schedule afresh.
 */
export function afterCheck(state: ScheduleState, outcome: CheckOutcome, now: Date): CheckResult {
  const status = outcome.status ?? state.status;
  if (status === 'active') {
    return {
      status,
      failures: 0,
      nextCheckAt: iso(now, DOMAIN_SCHEDULE.activeRecheckMs),
      checkingSince: state.checkingSince,
    };
  }
  // A domain that was active and lost its records starts the back-off afresh.
  const fresh = state.status === 'active';
  const checkingSince = fresh ? now.toISOString() : state.checkingSince;
  const previous = fresh ? 0 : state.failures;
  const wait = Math.min(
    DOMAIN_SCHEDULE.firstRetryMs * 2 ** Math.min(previous, 30),
    DOMAIN_SCHEDULE.maxRetryMs,
  );
  const next = now.getTime() + wait;
  const stopAt = new Date(checkingSince).getTime() + DOMAIN_SCHEDULE.giveUpAfterMs;
  return {
    status,
    failures: previous + 1,
    nextCheckAt: next > stopAt ? null : new Date(next).toISOString(),
    checkingSince,
  };
}

/** Whether an account's plan allows custom domains at all, and how many. */
export function domainAllowance(plan: EffectivePlan): number {
  return hasFeature(plan.allowance, 'CUSTOM_DOMAIN') ? limitOf(plan.allowance, 'domains') : 0;
}

export interface PlanDomain {
  id: string;
  status: DomainStatus;
  disabledReason: string | null;
  isDefault: boolean;
  activatedAt: string | null;
  createdAt: string;
  planLapsedAt: string | null;
}

export type PlanAction =
  | { id: string; action: 'start-grace' }
  | { id: string; action: 'disable' }
  | { id: string; action: 'clear-grace' }
  | { id: string; action: 'restore' };

/**
 * What the owner's plan means for each domain (ADR 030, "Plan expiry"): the plan's allowance
 * keeps the default domain first, then active ones by activation, then the rest by age; the others
 * get a grace period from when it was first seen and are disabled after it. Domains the plan
 * allows again leave the grace period, and those disabled for the plan are checked again.
 */
export function planActions(
  domains: readonly PlanDomain[],
  allowed: number,
  now: Date,
): PlanAction[] {
  const ranked = [...domains].sort(
    (a, b) =>
      Number(b.isDefault) - Number(a.isDefault) ||
      Number(b.status === 'active') - Number(a.status === 'active') ||
      (a.activatedAt ?? a.createdAt).localeCompare(b.activatedAt ?? b.createdAt) ||
      a.id.localeCompare(b.id),
  );
  const actions: PlanAction[] = [];
  ranked.forEach((domain, index) => {
    const disabledForPlan = domain.status === 'disabled' && domain.disabledReason === 'plan';
    if (index < allowed) {
      if (disabledForPlan) actions.push({ id: domain.id, action: 'restore' });
      else if (domain.planLapsedAt !== null) actions.push({ id: domain.id, action: 'clear-grace' });
      return;
    }
    if (domain.status === 'disabled') return;
    if (domain.planLapsedAt === null) actions.push({ id: domain.id, action: 'start-grace' });
    else if (now.getTime() - Date.parse(domain.planLapsedAt) >= DOMAIN_SCHEDULE.planGraceMs) {
      actions.push({ id: domain.id, action: 'disable' });
    }
  });
  return actions;
}

const iso = (now: Date, ms: number): string => new Date(now.getTime() + ms).toISOString();
