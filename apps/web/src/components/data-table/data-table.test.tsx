import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type TableColumn } from './data-table';

interface Row {
  id: string;
  name: string;
  email: string;
}

const COLUMNS: TableColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, width: 200 },
  { id: 'email', header: 'Email', cell: (row) => row.email, hideOnPhone: true },
];

describe('DataTable (ADR 040)', () => {
  it('leaves the columns marked for it out on phones, and keeps a column to its width', () => {
    render(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={[{ id: 'a', name: 'Ada', email: 'ada@example.com' }]}
        rowKey={(row) => row.id}
        rowTestId="person"
      />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    const name = within(table).getByRole('columnheader', { name: 'Name' });
    expect(name).toHaveStyle({ width: '200px' });
    // The rule is mobile-first: hidden, and shown again from the `sm` breakpoint up, a media query
    // that happy-dom does not evaluate.
    expect(getComputedStyle(within(table).getByText('ada@example.com')).display).toBe('none');
    expect(getComputedStyle(within(table).getByText('Ada')).display).not.toBe('none');
    expect(within(table).getByTestId('person')).toHaveTextContent('Ada');
  });

  describe('a table wider than its frame', () => {
    afterEach(() => vi.unstubAllGlobals());

    /** Layout the test DOM does not do: the frame `frame` px wide, its content `content` px. */
    function layout(frame: number, content: number) {
      vi.stubGlobal(
        'ResizeObserver',
        class {
          observe() {}
          disconnect() {}
        },
      );
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(frame);
      vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content);
    }

    const renderPeople = () =>
      render(
        <DataTable
          label="People"
          columns={COLUMNS}
          rows={[{ id: 'a', name: 'Ada', email: 'ada@example.com' }]}
          rowKey={(row) => row.id}
        />,
      );

    it('takes keyboard focus as a named region, so that it can be scrolled without a pointer', () => {
      layout(390, 720);
      renderPeople();
      expect(screen.getByRole('region', { name: 'People' })).toHaveAttribute('tabindex', '0');
      vi.restoreAllMocks();
    });

    it('adds no tab stop when it fits', () => {
      layout(1200, 720);
      renderPeople();
      expect(screen.queryByRole('region', { name: 'People' })).not.toBeInTheDocument();
      vi.restoreAllMocks();
    });
  });
});
