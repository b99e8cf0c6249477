import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { renderInRouter } from '../../test/render';
import type { TableColumn } from './data-table';
import { ServerTable } from './server-table';
import { SEARCH_DELAY_MS, useServerTable, type ServerTableQuery } from './use-server-table';

interface Row {
  id: string;
  name: string;
}
type Sort = 'created' | 'name';

const COLUMNS: TableColumn<Row, Sort>[] = [
  {
    id: 'created',
    header: 'Created',
    sort: 'created',
    directions: ['desc', 'asc'],
    cell: () => '',
  },
  { id: 'name', header: 'Name', sort: 'name', cell: (row) => row.name },
  { id: 'actions', header: 'Actions', sticky: true, cell: (row) => `act ${row.id}` },
];

/** Renders the table with the given answer and reports each query it asks for. */
function Harness({
  answer,
  isError = false,
  onQuery = () => {},
  onExport,
}: {
  answer: (query: ServerTableQuery<Sort, { kind: string }>) => { rows?: Row[]; total?: number };
  isError?: boolean;
  onQuery?: (query: ServerTableQuery<Sort, { kind: string }>) => void;
  onExport?: () => void;
}) {
  const table = useServerTable<Sort, { kind: string }>({
    sort: 'created',
    order: 'desc',
    filter: { kind: '' },
  });
  onQuery(table.query);
  const { rows, total } = answer(table.query);
  return (
    <ServerTable
      table={table}
      columns={COLUMNS}
      rows={rows}
      total={total ?? rows?.length}
      rowKey={(row) => row.id}
      isError={isError}
      // Any namespace with the list texts; the login list's are real ones.
      namespace="logins"
      filters={
        <button type="button" onClick={() => table.setFilter({ kind: 'vip' })}>
          Only VIPs
        </button>
      }
      onExport={onExport}
      empty={<p>Nobody yet</p>}
    />
  );
}

describe('useServerTable', () => {
  it('sorts a new column by its first direction and cycles the active one', () => {
    const { result } = renderHook(() => useServerTable<Sort>({ sort: 'created', order: 'desc' }));
    act(() => result.current.setPage(3));
    act(() => result.current.sortBy('created', ['desc', 'asc']));
    expect(result.current.query).toMatchObject({ sort: 'created', order: 'asc', page: 1 });
    act(() => result.current.sortBy('name', ['asc']));
    expect(result.current.query).toMatchObject({ sort: 'name', order: 'asc' });
    // One direction only: another click keeps it.
    act(() => result.current.sortBy('name', ['asc']));
    expect(result.current.query.order).toBe('asc');
    act(() => result.current.sortBy('created', ['desc', 'asc']));
    expect(result.current.query).toMatchObject({ sort: 'created', order: 'desc' });
  });

  it('searches after the typing pauses, from the first page, and counts a filter as narrowing', () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() =>
        useServerTable<Sort, { kind: string }>({
          sort: 'name',
          order: 'asc',
          filter: { kind: '' },
        }),
      );
      act(() => result.current.setPage(2));
      act(() => result.current.setSearch('ad'));
      act(() => result.current.setSearch('ada'));
      expect(result.current.search).toBe('ada');
      expect(result.current.query.q).toBe('');
      expect(result.current.narrowed).toBe(false);
      act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
      expect(result.current.query).toMatchObject({ q: 'ada', page: 1 });
      expect(result.current.narrowed).toBe(true);

      act(() => result.current.setSearch(''));
      act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
      expect(result.current.narrowed).toBe(false);
      act(() => result.current.setPageSize(50));
      expect(result.current.query).toMatchObject({ pageSize: 50, page: 1 });
      act(() => result.current.setFilter({ kind: 'vip' }));
      expect(result.current.narrowed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

// Rendering MUI's table and pagination takes seconds on a busy shared machine.
describe('ServerTable', { timeout: 20_000 }, () => {
  beforeAll(() => loadNamespaces('lists', 'logins'));

  it('shows the rows, sorts by a header, pages and exports', async () => {
    const queries: ServerTableQuery<Sort, { kind: string }>[] = [];
    const onExport = vi.fn();
    const user = userEvent.setup();
    renderInRouter(
      <Harness
        answer={() => ({ rows: [{ id: 'a', name: 'Ada' }], total: 60 })}
        onQuery={(query) => queries.push(query)}
        onExport={onExport}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Logins' });
    expect(within(table).getByText('Ada')).toBeInTheDocument();
    const created = within(table).getByRole('columnheader', { name: /Created/ });
    expect(created).toHaveAttribute('aria-sort', 'descending');
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toHaveStyle({
      position: 'sticky',
    });
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Name' }));
    expect(queries.at(-1)).toMatchObject({ sort: 'name', order: 'asc' });
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(queries.at(-1)?.page).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(onExport).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state for an empty list, and the no-match row when a filter empties it', async () => {
    const user = userEvent.setup();
    const { unmount } = renderInRouter(<Harness answer={() => ({ rows: [] })} />);
    expect(await screen.findByText('Nobody yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();

    renderInRouter(
      <Harness
        answer={(query) => ({ rows: query.filter.kind ? [] : [{ id: 'a', name: 'Ada' }] })}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Only VIPs' }));
    const table = screen.getByRole('table', { name: 'Logins' });
    expect(within(table).getByRole('status')).toHaveTextContent('No login matches your filter.');
    expect(screen.queryByText('Nobody yet')).not.toBeInTheDocument();
  });

  it('says it is loading, and that loading failed, before the first page', async () => {
    const { unmount } = renderInRouter(<Harness answer={() => ({})} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading logins…');
    unmount();
    renderInRouter(<Harness answer={() => ({})} isError />);
    expect(await screen.findByRole('status')).toHaveTextContent('The logins could not be loaded.');
  });
});
