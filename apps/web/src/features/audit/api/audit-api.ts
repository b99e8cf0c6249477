import type { AuditGroup } from '@livent/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api/typed-api';
import { downloadCsv } from '../../../lib/download';

/** The audit log's calls (docs/decisions/069-audit-log.md): an event's, or the account's. */

/** Whose log: one event's (for those who administer it) or the signed-in account's. */
export type AuditScope = { eventId: string } | { account: true };

export interface AuditFilter {
  group: AuditGroup | '';
  q: string;
}

export interface AuditListQuery extends AuditFilter {
  page: number;
  pageSize: number;
}

const filterQuery = ({ group, q }: AuditFilter) => ({
  group: group || undefined,
  q: q.trim() || undefined,
});

export const auditQueryKey = (scope: AuditScope) =>
  'eventId' in scope
    ? (['audit', 'event', scope.eventId] as const)
    : (['audit', 'account'] as const);

export const auditQueryOptions = (scope: AuditScope, query: AuditListQuery) =>
  queryOptions({
    queryKey: [...auditQueryKey(scope), query] as const,
    queryFn: ({ signal }) => {
      const params = { page: query.page, pageSize: query.pageSize, ...filterQuery(query) };
      return 'eventId' in scope
        ? api.get('/events/{id}/audit', { path: { id: scope.eventId }, query: params, signal })
        : api.get('/account/audit', { query: params, signal });
    },
    // The table keeps the last page while the next one loads (no flicker on paging).
    placeholderData: keepPreviousData,
  });

/** Downloads the filtered log as CSV: fetched with the credentials, saved by a link. */
export function useExportAudit(scope: AuditScope) {
  return useMutation({
    mutationFn: (filter: AuditFilter) =>
      downloadCsv(
        'eventId' in scope
          ? apiPath('/events/{id}/audit.csv', {
              path: { id: scope.eventId },
              query: filterQuery(filter),
            })
          : apiPath('/account/audit.csv', { query: filterQuery(filter) }),
        'audit.csv',
      ),
  });
}
