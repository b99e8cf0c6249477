import type { PlanAllowance } from '@livent/shared';
import { useAuth } from './use-auth';

/**
 * The signed-in user's plan allowance (docs/product-spec.md section 3, `planAllowance`); undefined when signed
 * out, so every feature check is false then (docs/product-spec.md section 5).
 */
export function usePlanAllowance(): PlanAllowance | undefined {
  return useAuth().user?.planAllowance;
}
