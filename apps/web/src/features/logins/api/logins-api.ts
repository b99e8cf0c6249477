import type { LoginWay } from '@livent/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api/typed-api';
import { downloadCsv } from '../../../lib/download';

/** An event's login list (docs/api.md; ADR 026): paged, filtered and searched on the server. */

export interface LoginsListQuery {
  page: number;
  pageSize: number;
  way: LoginWay | '';
  q: string;
}

export const loginsQueryKey = (eventId: string) => ['events', 'logins', eventId] as const;

/** The query of the list (with paging) or the export (way and search only). */
export const loginsQuery = ({ page, pageSize, way, q }: Partial<LoginsListQuery>) => ({
  page,
  pageSize,
  way: way || undefined,
  q: q?.trim(),
});

export const loginsQueryOptions = (eventId: string, query: LoginsListQuery, enabled = true) =>
  queryOptions({
    queryKey: [...loginsQueryKey(eventId), query] as const,
    queryFn: ({ signal }) =>
      api.get('/events/{id}/logins', { path: { id: eventId }, query: loginsQuery(query), signal }),
    // The table keeps the last page while the next one loads (no flicker on paging).
    placeholderData: keepPreviousData,
    enabled,
  });

/** Downloads the filtered list as CSV: fetched with the credentials, saved by a link. */
export function useExportLogins(eventId: string) {
  return useMutation({
    mutationFn: (filter: Pick<LoginsListQuery, 'way' | 'q'>) =>
      downloadCsv(
        apiPath('/events/{id}/logins/export', {
          path: { id: eventId },
          query: loginsQuery(filter),
        }),
        'logins.csv',
      ),
  });
}
