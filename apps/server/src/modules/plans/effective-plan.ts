import { effectivePlan, PLAN_ALLOWANCES, type EffectivePlan, type PlanName } from '@livent/shared';

/** The plan columns of a `users` row. */
export interface PlanColumns {
  plan: string;
  plan_expires: string | null;
  subscription_status: string | null;
  /** The enterprise admin whose member the account is (absent: read as no membership). */
  enterprise_id?: string | null;
}

/** Plans that allow at least what an enterprise member gets: a membership leaves them as they are. */
const AT_LEAST_MEMBER: readonly PlanName[] = [
  'enterprise-member',
  'enterprise-admin',
  'custom',
  'tester',
];

/**
 * An enterprise member gets enterprise-member while the membership lasts, without its own plan
 * being overwritten: leaving or removal lets the own plan apply again (ADR 028, "Enterprise").
 */
function withMembership(
  own: EffectivePlan,
  storedPlan: string,
  enterpriseId: string | null | undefined,
): EffectivePlan {
  if (enterpriseId == null || AT_LEAST_MEMBER.includes(own.plan)) return own;
  return {
    plan: 'enterprise-member',
    allowance: PLAN_ALLOWANCES['enterprise-member'],
    lapsed: storedPlan !== 'enterprise-member',
  };
}

/**
 * The plan that applies to an account now: every plan decision of the server goes through here
 * (or {@link ownerPlanOf}), never through `users.plan` alone (docs/decisions/028-plans-and-billing.md).
 */
export function planOf(row: PlanColumns, now: Date): EffectivePlan {
  const own = effectivePlan(
    { plan: row.plan, planExpires: row.plan_expires, subscriptionStatus: row.subscription_status },
    now,
  );
  return withMembership(own, row.plan, row.enterprise_id);
}

/**
 * The owner's plan columns, for queries that join `users` to an event
 * (`.select(OWNER_PLAN_COLUMNS)`); {@link ownerPlanOf} reads them.
 */
export const OWNER_PLAN_COLUMNS = [
  'users.plan as ownerPlan',
  'users.plan_expires as ownerPlanExpires',
  'users.subscription_status as ownerSubscriptionStatus',
  'users.enterprise_id as ownerEnterpriseId',
] as const;

export interface OwnerPlanColumns {
  ownerPlan: string;
  ownerPlanExpires: string | null;
  ownerSubscriptionStatus: string | null;
  ownerEnterpriseId?: string | null;
}

/** The plan that applies now to the owner of a row selected with {@link OWNER_PLAN_COLUMNS}. */
export function ownerPlanOf(row: OwnerPlanColumns, now: Date): EffectivePlan {
  const own = effectivePlan(
    {
      plan: row.ownerPlan,
      planExpires: row.ownerPlanExpires,
      subscriptionStatus: row.ownerSubscriptionStatus,
    },
    now,
  );
  return withMembership(own, row.ownerPlan, row.ownerEnterpriseId);
}
