/** Plans, features and limits (spec sections 1, 6 and 9). */

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

/** "Plan feature checks default to false and limit checks to 0 when absent" (spec section 5). */
export const hasFeature = (allowance: PlanAllowance | undefined, feature: Feature): boolean =>
  allowance?.features.includes(feature) ?? false;

export const limitOf = (allowance: PlanAllowance | undefined, name: LimitName): number =>
  allowance?.limit[name] ?? 0;
