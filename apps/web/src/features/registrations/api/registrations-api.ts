import type { RegistrationsPage, REGISTRATION_SORTS } from '@livent/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiResponse, errorFrom } from '../../../lib/api-client';

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

/** The file name of a `Content-Disposition` header, or the fallback. */
function filenameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** Downloads the searched list as CSV: fetched with the credentials, saved by a link. */
export function useExportRegistrations(eventId: string) {
  return useMutation({
    mutationFn: async (q: string) => {
      const response = await apiResponse(
        `${registrationsPath(eventId)}/export${registrationsSearch({ q })}`,
        { headers: { Accept: 'text/csv' } },
      );
      if (!response.ok) throw await errorFrom(response);
      const url = URL.createObjectURL(await response.blob());
      try {
        const link = document.createElement('a');
        link.href = url;
        link.download = filenameOf(response, 'registrations.csv');
        document.body.append(link);
        link.click();
        link.remove();
      } finally {
        // Revoked after the click has handed the file to the browser's download.
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      }
    },
  });
}
