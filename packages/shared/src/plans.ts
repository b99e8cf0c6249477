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

export interface PlanAllowance {
  features: Feature[];
  limit: Partial<Record<LimitName, number>>;
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

/**
 * What each plan allows. Free, professional and enterprise are the spec's (section 1); the
 * spec leaves business, trial, custom and tester open — see docs/decisions/006-plan-allowances.md.
 */
export const PLAN_ALLOWANCES: Record<PlanName, PlanAllowance> = {
  free: { features: [], limit: { events: 10, channels: 2, domains: 0 } },
  trial: { features: PROFESSIONAL_FEATURES, limit: { events: 25, channels: 10, domains: 1 } },
  professional: {
    features: PROFESSIONAL_FEATURES,
    limit: { events: 25, channels: 10, domains: 1 },
  },
  business: {
    features: [...PROFESSIONAL_FEATURES, 'CUSTOM_ACCESS', 'MULTIPLE_DOMAINS'],
    limit: { events: 50, channels: 15, domains: 5 },
  },
  'enterprise-admin': {
    features: [...ENTERPRISE_FEATURES, 'ENTERPRISE_ADMIN'],
    limit: { events: 100, channels: 20, domains: 20 },
  },
  'enterprise-member': {
    features: ENTERPRISE_FEATURES,
    limit: { events: 100, channels: 20, domains: 20 },
  },
  custom: { features: ENTERPRISE_FEATURES, limit: { events: 100, channels: 20, domains: 20 } },
  tester: { features: [...FEATURES], limit: { events: 100, channels: 20, domains: 20 } },
};

export const PLAN_TRIAL_DAYS = 14;
