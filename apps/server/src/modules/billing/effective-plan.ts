import { effectivePlan, type EffectivePlan } from '@livent/shared';

/** The plan columns of a `users` row. */
export interface PlanColumns {
  plan: string;
  plan_expires: string | null;
  subscription_status: string | null;
}

/**
 * The plan that applies to an account now: every plan decision of the server goes through here
 * (or {@link ownerPlanOf}), never through `users.plan` alone (docs/decisions/028-plans-and-billing.md).
 */
export function planOf(row: PlanColumns, now: Date): EffectivePlan {
  return effectivePlan(
    { plan: row.plan, planExpires: row.plan_expires, subscriptionStatus: row.subscription_status },
    now,
  );
}

/**
 * The owner's plan columns, for queries that join `users` to an event
 * (`.select(OWNER_PLAN_COLUMNS)`); {@link ownerPlanOf} reads them.
 */
export const OWNER_PLAN_COLUMNS = [
  'users.plan as ownerPlan',
  'users.plan_expires as ownerPlanExpires',
  'users.subscription_status as ownerSubscriptionStatus',
] as const;

export interface OwnerPlanColumns {
  ownerPlan: string;
  ownerPlanExpires: string | null;
  ownerSubscriptionStatus: string | null;
}

/** The plan that applies now to the owner of a row selected with {@link OWNER_PLAN_COLUMNS}. */
export function ownerPlanOf(row: OwnerPlanColumns, now: Date): EffectivePlan {
  return effectivePlan(
    {
      plan: row.ownerPlan,
      planExpires: row.ownerPlanExpires,
      subscriptionStatus: row.ownerSubscriptionStatus,
    },
    now,
  );
}
