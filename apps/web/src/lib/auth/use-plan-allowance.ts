import type { PlanAllowance } from '@livent/shared';

/**
 * The signed-in user's plan allowance (spec section 3, `planAllowance`). There is no user yet:
 * the accounts issue returns `user.planAllowance` here. Until then every feature check is false
 * (spec section 5: "Plan feature checks default to false").
 */
export function usePlanAllowance(): PlanAllowance | undefined {
  return undefined;
}
