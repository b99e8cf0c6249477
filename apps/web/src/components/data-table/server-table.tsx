import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Catalogues, Namespace } from '../../lib/i18n/resources';
import { DataTable, type TableColumn } from './data-table';
import { PAGE_SIZES, type ServerTableControl } from './use-server-table';

/**
 * The list's own words, under `list` in its namespace: `label` (the table's accessible name),
 * `search`, `noMatches`, `loading`, `loadFailed`. The generic ones (export, paging) are in `lists`.
 */
type ListTexts = Record<'label' | 'search' | 'noMatches' | 'loading' | 'loadFailed', string>;
export type ListNamespace = {
  [N in Namespace]: Catalogues[N] extends { list: ListTexts } ? N : never;
}[Namespace];

/**
 * A list paged, sorted, searched and filtered on the server (so that 100,000 rows stay fluent),
 * the way MUI's sorting-and-selecting table example builds it: a toolbar with the search, the
 * filters, the CSV export and the list's actions; sortable headers; loading, error and
 * no-match rows; pagination with page sizes. With `empty`, a list with nothing in it at all
 * shows that instead. Needs the `lists` namespace and the list's own.
 */
export function ServerTable<Row, Sort extends string, Filter extends object>({
  table,
  columns,
  rows,
  total,
  rowKey,
  isError,
  namespace,
  filters,
  actions,
  onExport,
  exporting = false,
  empty,
}: {
  table: ServerTableControl<Sort, Filter>;
  columns: readonly TableColumn<Row, Sort>[];
  /** The current page's rows; undefined while the first page loads. */
  rows: readonly Row[] | undefined;
  total: number | undefined;
  rowKey: (row: Row) => string;
  isError: boolean;
  namespace: ListNamespace;
  /** Controls after the search that narrow the list. */
  filters?: ReactNode;
  /** Buttons at the toolbar's end (add, import, send). */
  actions?: ReactNode;
  onExport?: () => void;
  exporting?: boolean;
  /** Shown instead of the table when the list is empty without any search or filter. */
  empty?: ReactNode;
}) {
  const { t } = useTranslation('lists');
  const { t: tList } = useTranslation(namespace);
  const text = tList as unknown as (key: `list.${keyof ListTexts}`) => string;
  const texts: ListTexts = {
    label: text('list.label'),
    search: text('list.search'),
    noMatches: text('list.noMatches'),
    loading: text('list.loading'),
    loadFailed: text('list.loadFailed'),
  };
  const { query } = table;

  const waiting = isError ? texts.loadFailed : texts.loading;

  if (empty && total === 0 && !table.narrowed) return <>{empty}</>;
  // Until the first page arrives it is not known whether the list or its empty state shows.
  if (empty && !rows) {
    return (
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Typography role="status" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {waiting}
        </Typography>
      </Paper>
    );
  }

  const message = !rows ? waiting : rows.length === 0 ? texts.noMatches : undefined;
  return (
    <Paper variant="outlined">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ p: 2, gap: 1.5, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          value={table.search}
          onChange={(event) => table.setSearch(event.target.value)}
          placeholder={texts.search}
          slotProps={{
            htmlInput: { 'aria-label': texts.search, type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          // Wide enough for its placeholder; the actions wrap to a row of their own instead.
          sx={{ flex: { sm: '1 1 280px' }, maxWidth: { sm: 360 } }}
        />
        {filters}
        <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {onExport && (
            <Button startIcon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
              {t('export')}
            </Button>
          )}
          {actions}
        </Stack>
      </Stack>
      <DataTable
        label={texts.label}
        columns={columns}
        rows={rows ?? []}
        rowKey={rowKey}
        sorting={{ sort: query.sort, order: query.order, sortBy: table.sortBy }}
        message={message}
      />
      <TablePagination
        component="div"
        count={total ?? 0}
        page={query.page - 1}
        rowsPerPage={query.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, page) => table.setPage(page + 1)}
        onRowsPerPageChange={(event) => table.setPageSize(Number(event.target.value))}
        labelRowsPerPage={t('rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('displayedRows', { from, to, count })}
        getItemAriaLabel={(type) => t(`pageButton.${type}`)}
      />
    </Paper>
  );
}
