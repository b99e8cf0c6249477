import { isCustomPlan, type PlanName } from '@livent/shared/plans';

/**
 * Which plan banner shows (docs/product-spec.md section 2, "Plan banner"; ADR 028): a trial always
 * says when it ends; a paid plan asks to renew while 0–6 days are left (a custom one says when it
 * ends and whom to ask); a plan whose expiry has passed says it expired (the user answer then
 * carries free with negative days). Plans without an end show nothing.
 */
export type PlanBanner =
  | { kind: 'trial'; when: 'today' | 'tomorrow' | 'days'; days: number; to: '/account/plan' }
  | { kind: 'renew'; days: number; to: '/account/billing' }
  | { kind: 'ends'; days: number }
  | { kind: 'expired'; to: '/events' };

/** The days at which a paid plan asks to be renewed: under 7 and not negative. */
export const RENEW_DAYS = 7;
/** The promo banner shows from this many days before expiry (docs/product-spec.md section 2). */
export const PROMO_DAYS = 31;

export interface PlanBannerInput {
  /** The plan that applies now. */
  plan: PlanName;
  planExpiresInDays: number | null;
}

export function planBanner({ plan, planExpiresInDays: days }: PlanBannerInput): PlanBanner | null {
  if (days === null) return null;
  if (days < 0) return { kind: 'expired', to: '/events' };
  if (plan === 'trial') {
    const when = days === 0 ? 'today' : days === 1 ? 'tomorrow' : 'days';
    return { kind: 'trial', when, days, to: '/account/plan' };
  }
  if (plan === 'free') return null;
  if (days >= RENEW_DAYS) return null;
  // A plan arranged with the team (custom types, tester) is not renewed through billing: it says
  // when it ends and whom to ask, never offers a renewal it cannot make (ADR 053).
  if (isCustomPlan(plan) || plan === 'tester') return { kind: 'ends', days };
  return { kind: 'renew', days, to: '/account/billing' };
}

/** The promo banner: 31 days or fewer to expiry, not a custom-type plan, and a message to show. */
export function showsPromo({ plan, planExpiresInDays: days }: PlanBannerInput): boolean {
  return days !== null && days <= PROMO_DAYS && !isCustomPlan(plan);
}

/** Whether any banner may show, so that the layout loads the banners' code only then. */
export const hasBanner = (input: PlanBannerInput): boolean =>
  planBanner(input) !== null || showsPromo(input);
