import {
  effectivePlan,
  hasFeature,
  PLAN_ALLOWANCES,
  type EffectivePlan,
  type PlanName,
} from '@livent/shared';
import { sql } from 'kysely';

/** The plan columns of the account's enterprise admin ({@link ENTERPRISE_PLAN_COLUMNS}). */
export interface EnterprisePlanColumns {
  enterprise_plan: string | null;
  enterprise_plan_expires: string | null;
  enterprise_subscription_status: string | null;
}

/**
 * The plan columns of a `users` row. A row that has the membership (`enterprise_id`) has its
 * admin's plan beside it, since the membership counts only while that plan does (ADR 050).
 */
export type PlanColumns = {
  plan: string;
  plan_expires: string | null;
  subscription_status: string | null;
} & ({ enterprise_id?: undefined } | ({ enterprise_id: string | null } & EnterprisePlanColumns));

/** The admin's plan columns of an account without membership (a new account's). */
export const NO_ENTERPRISE_PLAN: EnterprisePlanColumns = {
  enterprise_plan: null,
  enterprise_plan_expires: null,
  enterprise_subscription_status: null,
};

type AdminPlanColumn = 'plan' | 'plan_expires' | 'subscription_status';

/**
 * One plan column of the enterprise admin's `users` row, read beside a row of `users` (which the
 * query must call `users`): null without membership.
 */
const adminColumn = <A extends string>(column: AdminPlanColumn, alias: A) => {
  const value = sql.ref(`enterprise_admin.${column}`);
  return sql<string | null>`(select ${value} from users as enterprise_admin
    where enterprise_admin.id = users.enterprise_id)`.as(alias);
};

/** The admin's plan columns for a query of `users` (`.select(ENTERPRISE_PLAN_COLUMNS)`). */
export const ENTERPRISE_PLAN_COLUMNS = [
  adminColumn('plan', 'enterprise_plan'),
  adminColumn('plan_expires', 'enterprise_plan_expires'),
  adminColumn('subscription_status', 'enterprise_subscription_status'),
] as const;

/** Plans that allow at least what an enterprise member gets: a membership leaves them as they are. */
const AT_LEAST_MEMBER: readonly PlanName[] = [
  'enterprise-member',
  'enterprise-admin',
  'custom',
  'tester',
];

/** The admin's plan columns as the shared `effectivePlan` reads them. */
interface AdminPlan {
  plan: string | null;
  planExpires: string | null;
  subscriptionStatus: string | null;
}

/**
 * Whether a membership gives enterprise-member now: while the admin's own effective plan has
 * ENTERPRISE_ADMIN. Computed on every read, so that the admin's plan lapsing (its expiry passing,
 * a cancellation) ends it for every member at once, with nothing to write (ADR 050).
 */
export function membershipHolds(admin: AdminPlan, now: Date): boolean {
  const plan = effectivePlan({ ...admin, plan: admin.plan ?? 'free' }, now);
  return hasFeature(plan.allowance, 'ENTERPRISE_ADMIN');
}

/**
 * The plan that applies to an account now: every plan decision of the server goes through here
 * (or {@link ownerPlanOf}), never through `users.plan` alone (docs/decisions/028-plans-and-billing.md).
 * An enterprise member gets enterprise-member while the membership lasts and the admin's plan
 * holds, without its own plan being overwritten: leaving, removal or the admin's plan lapsing
 * lets the own plan apply again (ADR 028, "Enterprise"; ADR 050).
 */
export function planOf(row: PlanColumns, now: Date): EffectivePlan {
  const own = effectivePlan(
    { plan: row.plan, planExpires: row.plan_expires, subscriptionStatus: row.subscription_status },
    now,
  );
  if (row.enterprise_id == null || AT_LEAST_MEMBER.includes(own.plan)) return own;
  const admin = {
    plan: row.enterprise_plan,
    planExpires: row.enterprise_plan_expires,
    subscriptionStatus: row.enterprise_subscription_status,
  };
  if (!membershipHolds(admin, now)) return own;
  return {
    plan: 'enterprise-member',
    allowance: PLAN_ALLOWANCES['enterprise-member'],
    lapsed: row.plan !== 'enterprise-member',
  };
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
  adminColumn('plan', 'ownerEnterprisePlan'),
  adminColumn('plan_expires', 'ownerEnterprisePlanExpires'),
  adminColumn('subscription_status', 'ownerEnterpriseSubscriptionStatus'),
] as const;

export type OwnerPlanColumns = {
  ownerPlan: string;
  ownerPlanExpires: string | null;
  ownerSubscriptionStatus: string | null;
} & (
  | { ownerEnterpriseId?: undefined }
  | {
      ownerEnterpriseId: string | null;
      ownerEnterprisePlan: string | null;
      ownerEnterprisePlanExpires: string | null;
      ownerEnterpriseSubscriptionStatus: string | null;
    }
);

/** The plan that applies now to the owner of a row selected with {@link OWNER_PLAN_COLUMNS}. */
export function ownerPlanOf(row: OwnerPlanColumns, now: Date): EffectivePlan {
  const own = {
    plan: row.ownerPlan,
    plan_expires: row.ownerPlanExpires,
    subscription_status: row.ownerSubscriptionStatus,
  };
  if (row.ownerEnterpriseId === undefined) return planOf(own, now);
  return planOf(
    {
      ...own,
      enterprise_id: row.ownerEnterpriseId,
      enterprise_plan: row.ownerEnterprisePlan,
      enterprise_plan_expires: row.ownerEnterprisePlanExpires,
      enterprise_subscription_status: row.ownerEnterpriseSubscriptionStatus,
    },
    now,
  );
}
