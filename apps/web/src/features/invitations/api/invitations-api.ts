import type {
  Invitation,
  InvitationCreate,
  InvitationPatch,
  InvitationSort,
  InvitationsPage,
} from '@livent/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/download';

/** An event's invitations (docs/api.md; ADR 026): paged, sorted and searched on the server. */

export interface InvitationsListQuery {
  page: number;
  pageSize: number;
  sort: InvitationSort;
  order: 'asc' | 'desc';
  q: string;
}

const invitationsPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}/invitations`;
const invitationPath = (eventId: string, id: string) =>
  `${invitationsPath(eventId)}/${encodeURIComponent(id)}`;

export const invitationsQueryKey = (eventId: string) => ['events', 'invitations', eventId] as const;

/** The query string of the list (with paging) or the export (without). */
export function invitationsSearch(
  query: Omit<InvitationsListQuery, 'page' | 'pageSize'> & { page?: number; pageSize?: number },
): string {
  const params = new URLSearchParams({ sort: query.sort, order: query.order });
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  const q = query.q.trim();
  if (q) params.set('q', q);
  return `?${params.toString()}`;
}

export const invitationsQueryOptions = (eventId: string, query: InvitationsListQuery) =>
  queryOptions({
    queryKey: [...invitationsQueryKey(eventId), query] as const,
    queryFn: ({ signal }) =>
      apiFetch<InvitationsPage>(`${invitationsPath(eventId)}${invitationsSearch(query)}`, {
        signal,
      }),
    // The table keeps the last page while the next one loads (no flicker on paging or sorting).
    placeholderData: keepPreviousData,
  });

const useRefreshList = (eventId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(eventId) });
};

export function useCreateInvitation(eventId: string) {
  const refresh = useRefreshList(eventId);
  return useMutation({
    mutationFn: (body: InvitationCreate) =>
      apiFetch<Invitation>(invitationsPath(eventId), { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useUpdateInvitation(eventId: string) {
  const refresh = useRefreshList(eventId);
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: InvitationPatch }) =>
      apiFetch<Invitation>(invitationPath(eventId, id), { method: 'PATCH', body: patch }),
    onSuccess: refresh,
  });
}

export function useDeleteInvitation(eventId: string) {
  const refresh = useRefreshList(eventId);
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(invitationPath(eventId, id), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** Downloads the sorted, searched list as CSV: fetched with the credentials, saved by a link. */
export function useExportInvitations(eventId: string) {
  return useMutation({
    mutationFn: (query: Omit<InvitationsListQuery, 'page' | 'pageSize'>) =>
      downloadCsv(
        `${invitationsPath(eventId)}/export${invitationsSearch(query)}`,
        'invitations.csv',
      ),
  });
}
