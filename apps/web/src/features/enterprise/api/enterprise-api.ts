import type {
  EnterpriseInvitation,
  EnterpriseMembership,
  EnterpriseOverview,
} from '@livent/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { session } from '../../../lib/auth/session';

/** The enterprise overview and administration (docs/api.md; ADR 028, "Enterprise"). */

export interface TablePage {
  page: number;
  pageSize: number;
  q: string;
}

export const enterpriseQueryKey = ['enterprise'] as const;
export const membershipQueryKey = ['account', 'enterprise'] as const;

/** The query string of both tables: each pages and searches on its own. */
export function enterpriseSearch(events: TablePage, members: TablePage): string {
  const params = new URLSearchParams({
    eventsPage: String(events.page),
    eventsPageSize: String(events.pageSize),
    membersPage: String(members.page),
    membersPageSize: String(members.pageSize),
  });
  if (events.q.trim()) params.set('eventsQ', events.q.trim());
  if (members.q.trim()) params.set('membersQ', members.q.trim());
  return `?${params.toString()}`;
}

export const enterpriseQueryOptions = (events: TablePage, members: TablePage) =>
  queryOptions({
    queryKey: [...enterpriseQueryKey, 'overview', events, members] as const,
    queryFn: ({ signal }) =>
      apiFetch<EnterpriseOverview>(`/enterprise${enterpriseSearch(events, members)}`, { signal }),
    // The tables keep the last page while the next one loads (no flicker on paging).
    placeholderData: keepPreviousData,
  });

export const invitationsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: [...enterpriseQueryKey, 'invitations'] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ results: EnterpriseInvitation[] }>('/enterprise/invitations', { signal }),
    enabled,
  });

export const membershipQueryOptions = () =>
  queryOptions({
    queryKey: membershipQueryKey,
    queryFn: ({ signal }) => apiFetch<EnterpriseMembership>('/account/enterprise', { signal }),
  });

/** Membership changes move the plan too: the signed-in user is read again. */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: enterpriseQueryKey }),
      queryClient.invalidateQueries({ queryKey: membershipQueryKey }),
      session.reloadUser(),
    ]);
}

export function useInvite() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch<EnterpriseInvitation>('/enterprise/invitations', {
        method: 'POST',
        body: { email },
      }),
    onSuccess: invalidate,
  });
}

export function useWithdrawInvitation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/enterprise/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/enterprise/members/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useAcceptInvitation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<EnterpriseMembership>(
        `/account/enterprise/invitations/${encodeURIComponent(id)}/accept`,
        { method: 'POST' },
      ),
    onSuccess: invalidate,
  });
}

export function useDeclineInvitation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/account/enterprise/invitations/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: invalidate,
  });
}

export function useLeaveEnterprise() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: () => apiFetch<void>('/account/enterprise', { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
