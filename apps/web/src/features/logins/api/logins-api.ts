import type { AccessLoginsPage, LoginWay } from '@livent/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/download';

/** An event's login list (docs/api.md; ADR 026): paged, filtered and searched on the server. */

export interface LoginsListQuery {
  page: number;
  pageSize: number;
  way: LoginWay | '';
  q: string;
}

const loginsPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}/logins`;

export const loginsQueryKey = (eventId: string) => ['events', 'logins', eventId] as const;

/** The query string of the list (with paging) or the export (way and search only). */
export function loginsSearch(query: Partial<LoginsListQuery>): string {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  if (query.way) params.set('way', query.way);
  const q = query.q?.trim();
  if (q) params.set('q', q);
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const loginsQueryOptions = (eventId: string, query: LoginsListQuery, enabled = true) =>
  queryOptions({
    queryKey: [...loginsQueryKey(eventId), query] as const,
    queryFn: ({ signal }) =>
      apiFetch<AccessLoginsPage>(`${loginsPath(eventId)}${loginsSearch(query)}`, { signal }),
    // The table keeps the last page while the next one loads (no flicker on paging).
    placeholderData: keepPreviousData,
    enabled,
  });

/** Downloads the filtered list as CSV: fetched with the credentials, saved by a link. */
export function useExportLogins(eventId: string) {
  return useMutation({
    mutationFn: (filter: Pick<LoginsListQuery, 'way' | 'q'>) =>
      downloadCsv(`${loginsPath(eventId)}/export${loginsSearch(filter)}`, 'logins.csv'),
  });
}
