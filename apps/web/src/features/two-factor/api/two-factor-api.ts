import type { TwoFactorConfirm } from '@livent/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/typed-api';

/** Two-factor sign-in's settings on /account/security (ADR 071). */

export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'two-factor'],
    queryFn: ({ signal }) => api.get('/account/two-factor', { signal }),
  });

/** A new pending secret: QR code and text. */
export const useStartSetup = () =>
  useMutation({ mutationFn: () => api.post('/account/two-factor/setup') });

/** Every change reads the status again; turning on ends a required setup, so all queries retry. */
function useTwoFactorMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export const useEnableTwoFactor = () =>
  useTwoFactorMutation((body: TwoFactorConfirm) =>
    api.post('/account/two-factor/enable', { body }),
  );

export const useDisableTwoFactor = () =>
  useTwoFactorMutation((body: TwoFactorConfirm) =>
    api.post('/account/two-factor/disable', { body }),
  );

export const useRenewRecoveryCodes = () =>
  useTwoFactorMutation((body: { password: string }) =>
    api.post('/account/two-factor/recovery-codes', { body }),
  );
