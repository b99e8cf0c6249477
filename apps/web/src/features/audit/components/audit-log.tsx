import { AUDIT_GROUPS, type AuditEntry, type AuditGroup } from '@livent/shared';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TableColumn } from '../../../components/data-table/data-table';
import { FilterSelect } from '../../../components/data-table/filter-select';
import { ServerTable } from '../../../components/data-table/server-table';
import { useServerTable } from '../../../components/data-table/use-server-table';
import { EmptyState } from '../../../components/page/empty-state';
import { SectionCard } from '../../../components/page/section-card';
import { useDateTimeFormat } from '../../../lib/format/date-time';
import { notifyFailure } from '../../../lib/forms/report-error';
import { auditQueryOptions, useExportAudit, type AuditScope } from '../api/audit-api';
import { AuditDetails } from './audit-details';

/**
 * The audit log as a table (docs/decisions/069-audit-log.md): newest first, paged, filtered by
 * kind and searched on the server; when in the user's time zone, who (and whether through an API
 * token), what, and the details; the CSV download takes the same filter.
 */
export function AuditLogTable({ scope }: { scope: AuditScope }) {
  const { t } = useTranslation('audit');
  const dates = useDateTimeFormat();
  const table = useServerTable<'createdAt', { group: AuditGroup | '' }>({
    sort: 'createdAt',
    order: 'desc',
    filter: { group: '' },
  });
  const { page, pageSize, q, filter } = table.query;
  const { data, isError } = useQuery(
    auditQueryOptions(scope, { page, pageSize, q, group: filter.group }),
  );
  const exportCsv = useExportAudit(scope);

  const columns: TableColumn<AuditEntry, 'createdAt'>[] = [
    {
      id: 'when',
      header: t('fields.when'),
      nowrap: true,
      cell: (entry) => <time dateTime={entry.createdAt}>{dates.dateTime(entry.createdAt)}</time>,
    },
    {
      id: 'who',
      header: t('fields.who'),
      // On one line: on a phone the table scrolls sideways rather than break an address.
      nowrap: true,
      cell: (entry) => (
        <Stack direction="row" sx={{ gap: 0.75, alignItems: 'center' }}>
          <Typography variant="body2">
            {entry.via === 'system' ? t('system') : entry.actor}
          </Typography>
          {entry.via === 'api_token' && (
            <Chip size="small" variant="outlined" label={t('viaApiToken')} />
          )}
        </Stack>
      ),
    },
    {
      id: 'what',
      header: t('fields.what'),
      cell: (entry) => (
        <Box sx={{ minWidth: 140 }}>
          {t(`actions.${entry.action}`)}
          {/* The account's log spans its events: each entry says which. */}
          {'account' in scope && entry.eventTitle !== null && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {entry.eventTitle}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      id: 'details',
      header: t('fields.details'),
      cell: (entry) => <AuditDetails entry={entry} />,
    },
  ];

  return (
    <ServerTable
      table={table}
      columns={columns}
      rows={data?.results}
      total={data?.total}
      rowKey={(entry) => entry.id}
      isError={isError}
      namespace="audit"
      filters={
        <FilterSelect
          label={t('group.label')}
          allLabel={t('group.all')}
          value={filter.group}
          options={AUDIT_GROUPS.map((group) => ({ value: group, label: t(`group.${group}`) }))}
          onChange={(group) => table.setFilter({ group })}
        />
      }
      onExport={() => exportCsv.mutate({ group: filter.group, q }, { onError: notifyFailure })}
      exporting={exportCsv.isPending}
      empty={<EmptyState icon={HistoryOutlined} title={t('empty.title')} text={t('empty.text')} />}
    />
  );
}

/** The event admin screen's card: the event's log, for whoever administers the event. */
export function EventAuditCard({ eventId }: { eventId: string }) {
  const { t } = useTranslation('audit');
  return (
    <SectionCard title={t('title')} description={t('event')}>
      <AuditLogTable scope={{ eventId }} />
    </SectionCard>
  );
}

/** `/account/security`'s section: the account's own log, its events' entries included. */
export function AccountAuditSection() {
  const { t } = useTranslation('audit');
  return (
    <SectionCard title={t('title')} description={t('account')}>
      <AuditLogTable scope={{ account: true }} />
    </SectionCard>
  );
}
