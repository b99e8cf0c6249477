import type {
  CreateDomainInput,
  CustomDomain,
  DomainsList,
  UpdateDomainInput,
} from '@livent/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/typed-api';

/** The custom domains screen's calls (docs/api.md, "Domains"; docs/decisions/030-custom-domains.md). */

export const domainsQueryKey = ['domains'] as const;

/** While a domain waits for its records, the list is read again this often (ms). */
export const WAITING_REFRESH_MS = 60_000;

/** Whether a domain is still waiting for the user's DNS records (not active, not switched off). */
const waiting = (domain: CustomDomain) =>
  domain.status !== 'active' && domain.status !== 'disabled';

export const domainsQueryOptions = () =>
  queryOptions({
    queryKey: domainsQueryKey,
    queryFn: ({ signal }) => api.get('/domains', { signal }),
    // The server re-checks waiting domains on its own (from a minute, backing off): a user who
    // keeps the screen open after setting the records sees the status change without reloading.
    refetchInterval: (query) =>
      query.state.data?.domains.some(waiting) ? WAITING_REFRESH_MS : false,
  });

/**
 * Every change reloads the whole list: making one domain the default takes the flag from
 * another, and the count against the plan's limit moves with adding and deleting.
 */
function useInvalidateDomains() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: domainsQueryKey });
}

export function useAddDomain() {
  const invalidate = useInvalidateDomains();
  return useMutation({
    mutationFn: (body: CreateDomainInput) => api.post('/domains', { body }),
    onSuccess: invalidate,
  });
}

/** The list as it is after `patch`: one default per account, so a new default clears the others. */
export function patchedList(list: DomainsList, id: string, patch: UpdateDomainInput): DomainsList {
  return {
    ...list,
    domains: list.domains.map((domain) => {
      if (domain.id !== id) {
        return patch.isDefault ? { ...domain, isDefault: false } : domain;
      }
      return {
        ...domain,
        ...(patch.isDefault === undefined ? {} : { isDefault: patch.isDefault }),
        ...(patch.shared === undefined ? {} : { shared: patch.shared }),
      };
    }),
  };
}

/**
 * Saves a domain's settings. The switches move at once (TanStack Query's optimistic update
 * through the cache) and move back when the server refuses; the list is read again either way.
 */
export function useUpdateDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateDomainInput & { id: string }) =>
      api.patch('/domains/{domainId}', { path: { domainId: id }, body }),
    onMutate: async ({ id, ...patch }) => {
      await queryClient.cancelQueries({ queryKey: domainsQueryKey });
      const previous = queryClient.getQueryData<DomainsList>(domainsQueryKey);
      if (previous) queryClient.setQueryData(domainsQueryKey, patchedList(previous, id, patch));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(domainsQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: domainsQueryKey }),
  });
}

export function useDeleteDomain() {
  const invalidate = useInvalidateDomains();
  return useMutation({
    mutationFn: (id: string) => api.delete('/domains/{domainId}', { path: { domainId: id } }),
    onSuccess: invalidate,
  });
}

export function useCheckDomain() {
  const invalidate = useInvalidateDomains();
  return useMutation({
    mutationFn: (id: string) => api.post('/domains/{domainId}/check', { path: { domainId: id } }),
    onSuccess: invalidate,
  });
}
