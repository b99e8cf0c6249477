/** Plans, features and limits (docs/product-spec.md sections 1, 6 and 9). */

export const PLAN_NAMES = [
  'free',
  'trial',
  'professional',
  'business',
  'enterprise-admin',
  'enterprise-member',
  'custom',
  'tester',
] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** "The custom type covers custom, enterprise-admin and enterprise-member." */
export const CUSTOM_PLAN_TYPES: readonly PlanName[] = [
  'custom',
  'enterprise-admin',
  'enterprise-member',
];
export const isCustomPlan = (plan: PlanName): boolean => CUSTOM_PLAN_TYPES.includes(plan);

export const FEATURES = [
  'HIDE_FOOTER_LOGO',
  'CUSTOM_DOMAIN',
  'CUSTOM_EMBED_CODE',
  'COMPLIANCE',
  'INVITATION_EMAILS',
  'REGISTRATION_EMAIL_VERIFICATION',
  'CUSTOM_LAYOUT',
  'CUSTOM_ACCESS',
  'MULTIPLE_DOMAINS',
  'ENTERPRISE_ADMIN',
  'PAID',
] as const;
export type Feature = (typeof FEATURES)[number];

export const LIMITS = ['events', 'channels', 'domains'] as const;
export type LimitName = (typeof LIMITS)[number];

/** The access modes of an event (the same list as `ACCESS_MODES` in events.ts, kept import-free here). */
export type PlanAccessMode = 'none' | 'code' | 'registration' | 'invitation' | 'cip';
/** The page layouts of an event (`EVENT_LAYOUTS` in events.ts). */
export type PlanLayout = 'classic' | 'modern' | 'tube';
/** Where an event's page may be published: the events origin, or the account's own domains. */
export type PlanDomainKind = 'events' | 'custom';

/**
 * What a plan allows (docs/product-spec.md section 3, "planAllowance"). `features` and `limit`
 * decide; `access`, `layouts` and `domains` spell out the choices they open, so that a client can
 * list them without knowing which feature gates which value; `defaults` are the settings a new
 * event starts with on the plan (docs/decisions/028-plans-and-billing.md). Everything but
 * `features` and `limit` may be absent: an absent list allows nothing beyond the free plan's.
 */
export interface PlanAllowance {
  features: Feature[];
  limit: Partial<Record<LimitName, number>>;
  access?: PlanAccessMode[];
  layouts?: PlanLayout[];
  domains?: PlanDomainKind[];
  defaults?: { hideFooterLogo?: boolean };
}

/** "Plan feature checks default to false and limit checks to 0 when absent" (docs/product-spec.md section 5). */
export const hasFeature = (allowance: PlanAllowance | undefined, feature: Feature): boolean =>
  allowance?.features.includes(feature) ?? false;

export const limitOf = (allowance: PlanAllowance | undefined, name: LimitName): number =>
  allowance?.limit[name] ?? 0;

const PROFESSIONAL_FEATURES: Feature[] = [
  'PAID',
  'HIDE_FOOTER_LOGO',
  'CUSTOM_DOMAIN',
  'CUSTOM_EMBED_CODE',
  'COMPLIANCE',
  'INVITATION_EMAILS',
  'REGISTRATION_EMAIL_VERIFICATION',
];
const ENTERPRISE_FEATURES: Feature[] = [
  ...PROFESSIONAL_FEATURES,
  'CUSTOM_LAYOUT',
  'CUSTOM_ACCESS',
  'MULTIPLE_DOMAINS',
];

const ALL_LAYOUTS: PlanLayout[] = ['classic', 'modern', 'tube'];
const BASE_ACCESS: PlanAccessMode[] = ['none', 'code', 'registration', 'invitation'];

/** The lists derived from the features, so that they can never disagree with them. */
function allowance(features: Feature[], limit: PlanAllowance['limit']): PlanAllowance {
  return {
    features,
    limit,
    access: features.includes('CUSTOM_ACCESS') ? [...BASE_ACCESS, 'cip'] : [...BASE_ACCESS],
    layouts: [...ALL_LAYOUTS],
    domains: features.includes('CUSTOM_DOMAIN') ? ['events', 'custom'] : ['events'],
    defaults: {},
  };
}

/**
 * What each plan allows. Free, professional and enterprise are the spec's (section 1); the
 * spec leaves business, trial, custom and tester open — see docs/decisions/006-plan-allowances.md.
 */
export const PLAN_ALLOWANCES: Record<PlanName, PlanAllowance> = {
  free: allowance([], { events: 10, channels: 2, domains: 0 }),
  trial: allowance(PROFESSIONAL_FEATURES, { events: 25, channels: 10, domains: 1 }),
  professional: allowance(PROFESSIONAL_FEATURES, { events: 25, channels: 10, domains: 1 }),
  business: allowance([...PROFESSIONAL_FEATURES, 'CUSTOM_ACCESS', 'MULTIPLE_DOMAINS'], {
    events: 50,
    channels: 15,
    domains: 5,
  }),
  'enterprise-admin': allowance([...ENTERPRISE_FEATURES, 'ENTERPRISE_ADMIN'], {
    events: 100,
    channels: 20,
    domains: 20,
  }),
  'enterprise-member': allowance(ENTERPRISE_FEATURES, { events: 100, channels: 20, domains: 20 }),
  custom: allowance(ENTERPRISE_FEATURES, { events: 100, channels: 20, domains: 20 }),
  tester: allowance([...FEATURES], { events: 100, channels: 20, domains: 20 }),
};

export const PLAN_TRIAL_DAYS = 14;

/** docs/product-spec.md section 4, "Subscription status"; `deleted` is a cancelled subscription. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'paused',
  'deleted',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const isSubscriptionStatus = (value: unknown): value is SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly unknown[]).includes(value);

export const isPlanName = (value: unknown): value is PlanName =>
  (PLAN_NAMES as readonly unknown[]).includes(value);

/**
 * How long after the end of a billing period a subscription the provider renews by itself
 * (active, trialing, past_due) keeps its plan: the renewal's webhook may arrive a little after
 * the period ends, and a missed one is caught by the reconciliation (ADR 028) within the hour.
 */
export const PLAN_RENEWAL_GRACE_MS = 6 * 60 * 60 * 1000;

/** What is stored about an account's plan: the plan granted, its end, and the subscription's status. */
export interface PlanState {
  /** Any stored text; an unknown name counts as free. */
  plan: string;
  /** ISO timestamp, or null for a plan without end. */
  planExpires: string | null;
  /** Null: no subscription (free, a trial, or a plan granted by contract or by staff). */
  subscriptionStatus: string | null;
}

export interface EffectivePlan {
  /** The plan that applies now. */
  plan: PlanName;
  allowance: PlanAllowance;
  /** The stored plan no longer applies (ended, expired, paused or cancelled): free applies. */
  lapsed: boolean;
}

/**
 * The plan that applies at `now` (docs/product-spec.md section 4; ADR 028). The one function that
 * every plan decision asks, on the server and in the dashboard:
 * - free is free; an unknown plan name is free;
 * - a plan whose expiry has passed is free (a trial ends with a downgrade too);
 * - active, trialing and past_due subscriptions keep their plan up to {@link PLAN_RENEWAL_GRACE_MS}
 *   past the period's end (past_due: the provider is still collecting; if it gives up it cancels);
 * - paused and deleted subscriptions keep the plan to the end of the period paid for, then free;
 *   without a known end, free at once;
 * - a trial without an end date is free (a trial always ends, ADR 006);
 * - other plans without an end (custom, enterprise, tester granted by contract) keep applying.
 */
export function effectivePlan(state: PlanState, now: Date): EffectivePlan {
  const stored = isPlanName(state.plan) ? state.plan : 'free';
  const applies = (plan: PlanName): EffectivePlan => ({
    plan,
    allowance: PLAN_ALLOWANCES[plan],
    lapsed: plan !== stored,
  });
  if (stored === 'free') return applies('free');
  const status = isSubscriptionStatus(state.subscriptionStatus) ? state.subscriptionStatus : null;
  const expires = state.planExpires === null ? Number.NaN : Date.parse(state.planExpires);
  if (Number.isNaN(expires)) {
    if (stored === 'trial' || status === 'paused' || status === 'deleted') return applies('free');
    return applies(stored);
  }
  const renews = status === 'active' || status === 'trialing' || status === 'past_due';
  const end = renews ? expires + PLAN_RENEWAL_GRACE_MS : expires;
  return applies(now.getTime() < end ? stored : 'free');
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a time zone, as days since 1970-01-01 (UTC for an unknown zone). */
function calendarDay(instant: number, timeZone: string): number {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
      });
    } catch {
      return calendarDay(instant, 'UTC');
    }
    dayFormats.set(timeZone, format);
  }
  const part = (type: string) =>
    Number(format.formatToParts(instant).find((entry) => entry.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

/**
 * Calendar days from `now` to the plan's expiry in the user's time zone (their time-zone setting):
 * a plan ending on the day after tomorrow ends "in 2 days" whatever the hour, across a change of
 * daylight saving time too. Negative once the expiry has passed, even later on the day it ended
 * (the plan no longer applies then). Null without expiry.
 */
export function planExpiresInDays(
  planExpires: string | null,
  now: Date,
  timeZone = 'UTC',
): number | null {
  if (planExpires === null) return null;
  const expires = Date.parse(planExpires);
  if (Number.isNaN(expires)) return null;
  const days = calendarDay(expires, timeZone) - calendarDay(now.getTime(), timeZone);
  return expires <= now.getTime() ? Math.min(days, -1) : days;
}

/** What an account uses of its plan's limits (docs/product-spec.md section 3, "planConsumption"). */
export interface PlanConsumption {
  events: number;
  domains: number;
}

/** The plans sold through checkout; the others are granted (trial, custom, enterprise, tester). */
export const PURCHASABLE_PLANS = ['professional', 'business'] as const;
export type PurchasablePlan = (typeof PURCHASABLE_PLANS)[number];

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** "Annual billing: 50% discount" (docs/product-spec.md section 9). */
export const ANNUAL_DISCOUNT_PERCENT = 50;

/**
 * Monthly prices in euro cents, excluding VAT (docs/product-spec.md section 9; ADR 028). The annual
 * price is twelve months less {@link ANNUAL_DISCOUNT_PERCENT}.
 */
export const MONTHLY_PRICES_CENTS: Record<PurchasablePlan, number> = {
  professional: 4900,
  business: 9900,
};
export const PLAN_CURRENCY = 'EUR';

export function planPriceCents(plan: PurchasablePlan, interval: BillingInterval): number {
  const monthly = MONTHLY_PRICES_CENTS[plan];
  return interval === 'month' ? monthly : (monthly * 12 * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100;
}

/** "30-day money-back guarantee" (docs/product-spec.md section 9). */
export const MONEY_BACK_DAYS = 30;
