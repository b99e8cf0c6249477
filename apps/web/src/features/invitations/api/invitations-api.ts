import type { InvitationCreate, InvitationPatch, InvitationSort } from '@livent/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api/typed-api';
import { downloadCsv } from '../../../lib/download';
import { pollWhileMailsQueued } from '../../../lib/events/access-mails';

/** An event's invitations (docs/api.md; ADR 026): paged, sorted and searched on the server. */

export interface InvitationsListQuery {
  page: number;
  pageSize: number;
  sort: InvitationSort;
  order: 'asc' | 'desc';
  q: string;
}

export const invitationsQueryKey = (eventId: string) => ['events', 'invitations', eventId] as const;

/** The query of the list (with paging) or the export (without). */
export const invitationsQuery = ({
  sort,
  order,
  page,
  pageSize,
  q,
}: Omit<InvitationsListQuery, 'page' | 'pageSize'> & { page?: number; pageSize?: number }) => ({
  sort,
  order,
  page,
  pageSize,
  q: q.trim(),
});

export const invitationsQueryOptions = (eventId: string, query: InvitationsListQuery) =>
  queryOptions({
    queryKey: [...invitationsQueryKey(eventId), query] as const,
    queryFn: ({ signal }) =>
      api.get('/events/{id}/invitations', {
        path: { id: eventId },
        query: invitationsQuery(query),
        signal,
      }),
    // The table keeps the last page while the next one loads (no flicker on paging or sorting).
    placeholderData: keepPreviousData,
    // The mail status column follows the outbox until no mail shown is queued.
    refetchInterval: pollWhileMailsQueued,
  });

const useRefreshList = (eventId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(eventId) });
};

export function useCreateInvitation(eventId: string) {
  const refresh = useRefreshList(eventId);
  return useMutation({
    mutationFn: (body: InvitationCreate) =>
      api.post('/events/{id}/invitations', { path: { id: eventId }, body }),
    onSuccess: refresh,
  });
}

export function useUpdateInvitation(eventId: string) {
  const refresh = useRefreshList(eventId);
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: InvitationPatch }) =>
      api.patch('/events/{id}/invitations/{invitationId}', {
        path: { id: eventId, invitationId: id },
        body: patch,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteInvitation(eventId: string) {
  const refresh = useRefreshList(eventId);
  return useMutation({
    mutationFn: (id: string) =>
      api.delete('/events/{id}/invitations/{invitationId}', {
        path: { id: eventId, invitationId: id },
      }),
    onSuccess: refresh,
  });
}

/** Downloads the sorted, searched list as CSV: fetched with the credentials, saved by a link. */
export function useExportInvitations(eventId: string) {
  return useMutation({
    mutationFn: (query: Omit<InvitationsListQuery, 'page' | 'pageSize'>) =>
      downloadCsv(
        apiPath('/events/{id}/invitations/export', {
          path: { id: eventId },
          query: invitationsQuery(query),
        }),
        'invitations.csv',
      ),
  });
}
