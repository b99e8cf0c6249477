import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
