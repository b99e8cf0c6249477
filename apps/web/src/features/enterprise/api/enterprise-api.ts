import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/typed-api';
import { session } from '../../../lib/auth/session';

/** The enterprise overview and administration (docs/api.md; ADR 028, "Enterprise"). */

export interface TablePage {
  page: number;
  pageSize: number;
  q: string;
}

export const enterpriseQueryKey = ['enterprise'] as const;
export const membershipQueryKey = ['account', 'enterprise'] as const;

/** The query of both tables: each pages and searches on its own. */
export const enterpriseQuery = (events: TablePage, members: TablePage) => ({
  eventsPage: events.page,
  eventsPageSize: events.pageSize,
  membersPage: members.page,
  membersPageSize: members.pageSize,
  eventsQ: events.q.trim(),
  membersQ: members.q.trim(),
});

export const enterpriseQueryOptions = (events: TablePage, members: TablePage) =>
  queryOptions({
    queryKey: [...enterpriseQueryKey, 'overview', events, members] as const,
    queryFn: ({ signal }) =>
      api.get('/enterprise', { query: enterpriseQuery(events, members), signal }),
    // The tables keep the last page while the next one loads (no flicker on paging).
    placeholderData: keepPreviousData,
  });

export const invitationsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: [...enterpriseQueryKey, 'invitations'] as const,
    queryFn: ({ signal }) => api.get('/enterprise/invitations', { signal }),
    enabled,
  });

export const membershipQueryOptions = () =>
  queryOptions({
    queryKey: membershipQueryKey,
    queryFn: ({ signal }) => api.get('/account/enterprise', { signal }),
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
    mutationFn: (email: string) => api.post('/enterprise/invitations', { body: { email } }),
    onSuccess: invalidate,
  });
}

export function useWithdrawInvitation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) => api.delete('/enterprise/invitations/{id}', { path: { id } }),
    onSuccess: invalidate,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) => api.delete('/enterprise/members/{id}', { path: { id } }),
    onSuccess: invalidate,
  });
}

export function useAcceptInvitation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      api.post('/account/enterprise/invitations/{id}/accept', { path: { id } }),
    onSuccess: invalidate,
  });
}

export function useDeclineInvitation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete('/account/enterprise/invitations/{id}', { path: { id } }),
    onSuccess: invalidate,
  });
}

export function useLeaveEnterprise() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: () => api.delete('/account/enterprise'),
    onSuccess: invalidate,
  });
}

/** Whether the admin requires two-factor sign-in of the members (ADR 071). */
export const twoFactorRequirementQueryOptions = () =>
  queryOptions({
    queryKey: [...enterpriseQueryKey, 'two-factor'] as const,
    queryFn: ({ signal }) => api.get('/enterprise/two-factor', { signal }),
  });

export function useSetTwoFactorRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => api.put('/enterprise/two-factor', { body: { required } }),
    onSuccess: (answer) =>
      queryClient.setQueryData(twoFactorRequirementQueryOptions().queryKey, answer),
  });
}
