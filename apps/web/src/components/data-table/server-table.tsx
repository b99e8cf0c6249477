import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Catalogues, Namespace } from '../../lib/i18n/resources';
import { PAGE_SIZES, type ServerTableControl, type SortOrder } from './use-server-table';

/** One column: its header, how a row fills its cell, and whether the server sorts by it. */
export interface ServerTableColumn<Row, Sort extends string = string> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** Keeps the cell on one line (dates, names). */
  nowrap?: boolean;
  /** The server's sort key; the header then sorts. */
  sort?: Sort;
  /** The directions a click goes through, the first for a new sort (default asc, then desc). */
  directions?: readonly SortOrder[];
  /** Stays in view at the end while a narrow screen scrolls the table sideways (the actions). */
  sticky?: boolean;
}

/**
 * The list's own words, under `list` in its namespace: `label` (the table's accessible name),
 * `search`, `noMatches`, `loading`, `loadFailed`. The generic ones (export, paging) are in `lists`.
 */
type ListTexts = Record<'label' | 'search' | 'noMatches' | 'loading' | 'loadFailed', string>;
export type ListNamespace = {
  [N in Namespace]: Catalogues[N] extends { list: ListTexts } ? N : never;
}[Namespace];

const stickyEnd = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  whiteSpace: 'nowrap',
} as const;

function MessageRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={columns}>
        <Typography role="status" sx={{ py: 2, color: 'text.secondary', textAlign: 'center' }}>
          {children}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

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
  columns: readonly ServerTableColumn<Row, Sort>[];
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

  if (empty && total === 0 && !table.narrowed) return <>{empty}</>;
  // Until the first page arrives it is not known whether the list or its empty state shows.
  if (empty && !rows) {
    return (
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Typography role="status" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {isError ? texts.loadFailed : texts.loading}
        </Typography>
      </Paper>
    );
  }

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
      <TableContainer>
        <Table
          size="small"
          aria-label={texts.label}
          // Narrower gaps than MUI's 16 px: a list of nine columns fits a laptop screen.
          sx={{
            '& .MuiTableCell-root': { px: 1.5 },
            '& .MuiTableCell-root:first-of-type': { pl: 2 },
          }}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const active = column.sort !== undefined && query.sort === column.sort;
                return (
                  <TableCell
                    key={column.id}
                    align={column.align}
                    sortDirection={active ? query.order : false}
                    sx={column.sticky ? stickyEnd : undefined}
                  >
                    {column.sort === undefined ? (
                      column.header
                    ) : (
                      <TableSortLabel
                        active={active}
                        direction={active ? query.order : (column.directions?.[0] ?? 'asc')}
                        onClick={() => table.sortBy(column.sort as Sort, column.directions)}
                      >
                        {column.header}
                      </TableSortLabel>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((row) => (
              <TableRow key={rowKey(row)} hover>
                {columns.map((column) => (
                  <TableCell
                    key={column.id}
                    align={column.align}
                    sx={
                      column.sticky
                        ? stickyEnd
                        : column.nowrap
                          ? { whiteSpace: 'nowrap' }
                          : undefined
                    }
                  >
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows && rows.length === 0 && (
              <MessageRow columns={columns.length}>{texts.noMatches}</MessageRow>
            )}
            {!rows && (
              <MessageRow columns={columns.length}>
                {isError ? texts.loadFailed : texts.loading}
              </MessageRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
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
