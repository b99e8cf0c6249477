import type { RegistrationsPage, REGISTRATION_SORTS } from '@livent/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/download';

/** An event's registrations (docs/api.md; ADR 026): paged, sorted and searched on the server. */

export interface RegistrationsListQuery {
  page: number;
  pageSize: number;
  sort: (typeof REGISTRATION_SORTS)[number];
  q: string;
}

const registrationsPath = (eventId: string) =>
  `/events/${encodeURIComponent(eventId)}/registrations`;

export const registrationsQueryKey = (eventId: string) =>
  ['events', 'registrations', eventId] as const;

/** The query string of the list (with paging, sort and search) or the export (search only). */
export function registrationsSearch(query: Partial<RegistrationsListQuery>): string {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  if (query.sort) params.set('sort', query.sort);
  const q = query.q?.trim();
  if (q) params.set('q', q);
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const registrationsQueryOptions = (eventId: string, query: RegistrationsListQuery) =>
  queryOptions({
    queryKey: [...registrationsQueryKey(eventId), query] as const,
    queryFn: ({ signal }) =>
      apiFetch<RegistrationsPage>(`${registrationsPath(eventId)}${registrationsSearch(query)}`, {
        signal,
      }),
    // The table keeps the last page while the next one loads (no flicker on paging or sorting).
    placeholderData: keepPreviousData,
  });

export function useDeleteRegistration(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`${registrationsPath(eventId)}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: registrationsQueryKey(eventId) }),
  });
}

/** Downloads the searched list as CSV: fetched with the credentials, saved by a link. */
export function useExportRegistrations(eventId: string) {
  return useMutation({
    mutationFn: (q: string) =>
      downloadCsv(
        `${registrationsPath(eventId)}/export${registrationsSearch({ q })}`,
        'registrations.csv',
      ),
  });
}
