/**
 * The plans module's public face (ADR 037): the plan that applies to an account and what the
 * account uses of it. It sits below auth, events and billing, which all decide by plan, and
 * imports none of them.
 */
export {
  ENTERPRISE_PLAN_COLUMNS,
  membershipHolds,
  NO_ENTERPRISE_PLAN,
  OWNER_PLAN_COLUMNS,
  ownerPlanOf,
  planOf,
  type EnterprisePlanColumns,
  type OwnerPlanColumns,
  type PlanColumns,
} from './effective-plan.js';
export { mayOwnAnotherEvent, planConsumptionOf, planForAnotherEvent } from './plan-usage.js';
export { lockOwnerPlan } from './plans.repository.js';
