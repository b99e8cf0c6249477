import type {
  CreateDomainInput,
  CustomDomain,
  DomainsList,
  UpdateDomainInput,
} from '@livent/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** The custom domains screen's calls (docs/api.md, "Domains"; docs/decisions/030-custom-domains.md). */

export const domainsQueryKey = ['domains'] as const;

export const domainsQueryOptions = () =>
  queryOptions({
    queryKey: domainsQueryKey,
    queryFn: ({ signal }) => apiFetch<DomainsList>('/domains', { signal }),
  });

const domainPath = (id: string) => `/domains/${encodeURIComponent(id)}`;

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
    mutationFn: (body: CreateDomainInput) =>
      apiFetch<CustomDomain>('/domains', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateDomain() {
  const invalidate = useInvalidateDomains();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateDomainInput & { id: string }) =>
      apiFetch<CustomDomain>(domainPath(id), { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteDomain() {
  const invalidate = useInvalidateDomains();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(domainPath(id), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useCheckDomain() {
  const invalidate = useInvalidateDomains();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<CustomDomain>(`${domainPath(id)}/check`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}
