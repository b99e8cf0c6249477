import type { CheckoutRequest } from '@livent/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/typed-api';
import { session } from '../../../lib/auth/session';

/** The plan and billing screens' calls (docs/api.md, "Plans and billing"; ADR 028). */

export const planCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'plans'],
    queryFn: ({ signal }) => api.get('/plans', { signal }),
    staleTime: 60 * 60 * 1000,
  });

export const accountPlanQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'account-plan'],
    queryFn: ({ signal }) => api.get('/account/plan', { signal }),
  });

export const paymentsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['billing', 'payments', page, pageSize],
    queryFn: ({ signal }) => api.get('/account/payments', { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * Reloads the account's plan and the signed-in user, whose effective plan the badge, the banners
 * and every gated field read.
 */
export function useRefreshPlan() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      session.reloadUser(),
      queryClient.invalidateQueries({ queryKey: ['billing', 'account-plan'] }),
    ]);
  };
}

/**
 * Starts a checkout: the answer is the provider's checkout page to follow, or null when a
 * running subscription was changed in place.
 */
export const useCheckout = () =>
  useMutation({
    mutationFn: (body: CheckoutRequest) => api.post('/account/plan/checkout', { body }),
  });

/** Starts the account's one trial (ADR 053); the answer is the account's new plan. */
export function useStartTrial() {
  const refreshPlan = useRefreshPlan();
  return useMutation({
    mutationFn: () => api.post('/account/plan/trial'),
    onSettled: refreshPlan,
  });
}

/** A fresh receipt address (Paddle's expire, so none is kept; ADR 028). */
export const fetchReceiptUrl = (id: string) =>
  api.get('/account/payments/{id}/receipt', { path: { id } });
