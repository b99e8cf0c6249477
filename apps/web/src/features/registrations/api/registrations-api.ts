import type { REGISTRATION_SORTS } from '@livent/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api/typed-api';
import { downloadCsv } from '../../../lib/download';
import { pollWhileMailsQueued } from '../../../lib/events/access-mails';

/** An event's registrations (docs/api.md; ADR 026): paged, sorted and searched on the server. */

export interface RegistrationsListQuery {
  page: number;
  pageSize: number;
  sort: (typeof REGISTRATION_SORTS)[number];
  q: string;
}

export const registrationsQueryKey = (eventId: string) =>
  ['events', 'registrations', eventId] as const;

/** The query of the list (with paging, sort and search) or the export (search only). */
export const registrationsQuery = ({
  page,
  pageSize,
  sort,
  q,
}: Partial<RegistrationsListQuery>) => ({
  page,
  pageSize,
  sort,
  q: q?.trim(),
});

export const registrationsQueryOptions = (eventId: string, query: RegistrationsListQuery) =>
  queryOptions({
    queryKey: [...registrationsQueryKey(eventId), query] as const,
    queryFn: ({ signal }) =>
      api.get('/events/{id}/registrations', {
        path: { id: eventId },
        query: registrationsQuery(query),
        signal,
      }),
    // The table keeps the last page while the next one loads (no flicker on paging or sorting).
    placeholderData: keepPreviousData,
    // The mail status column follows the outbox until no mail shown is queued.
    refetchInterval: pollWhileMailsQueued,
  });

export function useDeleteRegistration(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete('/events/{id}/registrations/{registrationId}', {
        path: { id: eventId, registrationId: id },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationsQueryKey(eventId) }),
  });
}

/** Downloads the searched list as CSV: fetched with the credentials, saved by a link. */
export function useExportRegistrations(eventId: string) {
  return useMutation({
    mutationFn: (q: string) =>
      downloadCsv(
        apiPath('/events/{id}/registrations/export', {
          path: { id: eventId },
          query: registrationsQuery({ q }),
        }),
        'registrations.csv',
      ),
  });
}
