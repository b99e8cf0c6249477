import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useRef, type ReactNode } from 'react';
import type { SortOrder } from './use-server-table';
import { useScrollsSideways } from './use-scrolls-sideways';

/**
 * One column of a list (ADR 040): its header, how a row fills its cell, and whether the server
 * sorts by it. The lists declare their columns with it, whether they page on the server or not.
 */
export interface TableColumn<Row, Sort extends string = string> {
  id: string;
  /** The header's text, translated by the list. */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** Keeps the cell on one line (dates, names). */
  nowrap?: boolean;
  width?: number | string;
  /** Left out on phones, where the list scrolls sideways: for what the row says elsewhere too. */
  hideOnPhone?: boolean;
  /** The server's sort key; the header then sorts. */
  sort?: Sort;
  /** The directions a click goes through, the first for a new sort (default asc, then desc). */
  directions?: readonly SortOrder[];
  /** Stays in view at the end while a narrow screen scrolls the table sideways (the actions). */
  sticky?: boolean;
}

/** The sort a table shows in its headers, and what a click on a sortable header asks for. */
export interface TableSorting<Sort extends string> {
  sort: Sort;
  order: SortOrder;
  sortBy: (sort: Sort, directions?: readonly SortOrder[]) => void;
}

const OUTLINED = { component: Paper, variant: 'outlined' } as const;

const stickyEnd = {
  position: 'sticky',
  right: 0,
  bgcolor: 'background.paper',
  whiteSpace: 'nowrap',
} as const;

/** A header cell keeps to the column's place; a body cell also to its wrapping. */
function cellSx(column: TableColumn<never, string>, part: 'head' | 'body'): SxProps<Theme> {
  return {
    ...(column.sticky
      ? stickyEnd
      : column.nowrap && part === 'body'
        ? { whiteSpace: 'nowrap' }
        : {}),
    ...(column.width === undefined ? {} : { width: column.width }),
    ...(column.hideOnPhone ? { display: { xs: 'none', sm: 'table-cell' } } : {}),
  };
}

/**
 * The table of a list: sortable headers, one row per item, and a message row (loading, failed,
 * nothing matches) in place of the rows. The frame around it (toolbar, paging) is the caller's.
 */
/** What a table that scrolls sideways is to assistive technology: a named, focusable region. */
const REGION_ROLE = 'region';

export function DataTable<Row, Sort extends string>({
  label,
  columns,
  rows,
  rowKey,
  rowTestId,
  sorting,
  message,
  outlined = false,
}: {
  /** The table's accessible name. */
  label: string;
  columns: readonly TableColumn<Row, Sort>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowTestId?: string;
  sorting?: TableSorting<Sort>;
  /** Shown in one row across the table after the rows. */
  message?: ReactNode;
  /** Frames the table on its own (a list without a toolbar or paging); the frame clips its corners. */
  outlined?: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  // A table wider than the screen scrolls sideways: then the keyboard can reach and scroll it.
  const scrolls = useScrollsSideways(container);
  return (
    <TableContainer
      ref={container}
      {...(outlined ? OUTLINED : {})}
      {...(scrolls ? { tabIndex: 0, role: REGION_ROLE, 'aria-label': label } : {})}
    >
      <Table
        size="small"
        aria-label={label}
        // Narrower gaps than MUI's 16 px: a list of nine columns fits a laptop screen.
        sx={{
          '& .MuiTableCell-root': { px: 1.5 },
          '& .MuiTableCell-root:first-of-type': { pl: 2 },
        }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const active = column.sort !== undefined && sorting?.sort === column.sort;
              return (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sortDirection={active ? sorting.order : false}
                  sx={cellSx(column, 'head')}
                >
                  {column.sort === undefined || !sorting ? (
                    column.header
                  ) : (
                    <TableSortLabel
                      active={active}
                      direction={active ? sorting.order : (column.directions?.[0] ?? 'asc')}
                      onClick={() => sorting.sortBy(column.sort as Sort, column.directions)}
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
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover data-testid={rowTestId}>
              {columns.map((column) => (
                <TableCell key={column.id} align={column.align} sx={cellSx(column, 'body')}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {message !== undefined && (
            <TableRow>
              <TableCell colSpan={columns.length}>
                <Typography
                  role="status"
                  sx={{ py: 2, color: 'text.secondary', textAlign: 'center' }}
                >
                  {message}
                </Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
