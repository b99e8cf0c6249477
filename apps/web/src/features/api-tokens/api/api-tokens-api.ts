import type { ApiTokenCreate } from '@livent/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/typed-api';

/** The personal API tokens' calls (docs/decisions/070-personal-api-tokens.md). */

export const apiTokensQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'api-tokens'],
    queryFn: ({ signal }) => api.get('/account/api-tokens', { signal }),
  });

/** Makes a token; the answer holds its secret, which no later call shows again. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => api.post('/account/api-tokens', { body }),
    onSuccess: () => queryClient.invalidateQueries(apiTokensQueryOptions()),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/account/api-tokens/{id}', { path: { id } }),
    onSuccess: () => queryClient.invalidateQueries(apiTokensQueryOptions()),
  });
}
