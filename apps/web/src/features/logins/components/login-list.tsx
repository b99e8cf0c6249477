import { hasFeature, LOGIN_WAYS, type AccessLogin, type LoginWay } from '@livent/shared';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TableColumn } from '../../../components/data-table/data-table';
import { FilterSelect } from '../../../components/data-table/filter-select';
import { ServerTable } from '../../../components/data-table/server-table';
import { useServerTable } from '../../../components/data-table/use-server-table';
import { EmptyState } from '../../../components/page/empty-state';
import { PlanFeatureNotice } from '../../../components/page/plan-feature-notice';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { exactTime, relativeTime } from '../../../lib/format/time';
import { notifyFailure } from '../../../lib/forms/report-error';
import { loginsQueryOptions, useExportLogins } from '../api/logins-api';

/**
 * Who came into a protected event and how (docs/product-spec.md, access/loginlist; ADR 026):
 * newest first, paged, filtered by way and searched on the server; only with CUSTOM_ACCESS.
 */
export function LoginList({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation('logins');
  const user = useCurrentUser();
  const allowed = hasFeature(user.planAllowance, 'CUSTOM_ACCESS');
  const timeZone = user.settings.timezone;
  // Newest first, always: the list answers who came in lately.
  const table = useServerTable<'createdAt', { way: LoginWay | '' }>({
    sort: 'createdAt',
    order: 'desc',
    filter: { way: '' },
  });
  const { page, pageSize, q, filter } = table.query;
  const { data, isError } = useQuery(
    loginsQueryOptions(eventId, { page, pageSize, way: filter.way, q }, allowed),
  );
  const exportCsv = useExportLogins(eventId);

  if (!allowed) return <PlanFeatureNotice>{t('plan')}</PlanFeatureNotice>;

  const columns: TableColumn<AccessLogin, 'createdAt'>[] = [
    {
      id: 'time',
      header: t('fields.time'),
      nowrap: true,
      cell: (login) => (
        <Tooltip title={exactTime(login.createdAt, i18n.language, timeZone)}>
          <time dateTime={login.createdAt}>{relativeTime(login.createdAt, i18n.language)}</time>
        </Tooltip>
      ),
    },
    {
      id: 'way',
      header: t('fields.way'),
      cell: (login) => <Chip size="small" variant="outlined" label={t(`way.${login.way}`)} />,
    },
    {
      id: 'who',
      header: t('fields.who'),
      cell: (login) =>
        login.label || (
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            {t('list.anonymous')}
          </Typography>
        ),
    },
  ];

  return (
    <ServerTable
      table={table}
      columns={columns}
      rows={data?.results}
      total={data?.total}
      rowKey={(login) => login.id}
      isError={isError}
      namespace="logins"
      filters={
        <FilterSelect
          label={t('list.way')}
          allLabel={t('list.allWays')}
          value={filter.way}
          options={LOGIN_WAYS.map((way) => ({ value: way, label: t(`way.${way}`) }))}
          onChange={(way) => table.setFilter({ way })}
        />
      }
      onExport={() => exportCsv.mutate({ way: filter.way, q }, { onError: notifyFailure })}
      exporting={exportCsv.isPending}
      empty={<EmptyState icon={VpnKeyOutlined} title={t('empty.title')} text={t('empty.text')} />}
    />
  );
}
