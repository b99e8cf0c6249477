import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useRowActions, type RowAction } from './row-actions';

interface Row {
  id: string;
  name: string;
  pending: boolean;
}
const ROWS: Row[] = [
  { id: 'a', name: 'Ada', pending: true },
  { id: 'b', name: 'Bea', pending: false },
];

/** A promise the test settles: how long an action's request takes. */
function deferred() {
  let settle = { resolve: () => {}, reject: (_error: Error) => {} };
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

function Rows({ actions, onError }: { actions: RowAction<Row>[]; onError: () => void }) {
  const rowActions = useRowActions(actions, { rowKey: (row) => row.id, onError });
  return (
    <>
      <ul>
        {ROWS.map((row) => (
          <li key={row.id} aria-label={row.name}>
            {rowActions.render(row)}
          </li>
        ))}
      </ul>
      {rowActions.dialog}
    </>
  );
}

// MUI's dialog and its transitions take seconds on a busy shared machine.
describe('row actions (ADR 040)', { timeout: 20_000 }, () => {
  it('names the row in each button, and offers an action only where it applies', async () => {
    const accept = vi.fn();
    render(
      <Rows
        onError={vi.fn()}
        actions={[
          {
            id: 'accept',
            title: 'Accept',
            label: (row) => `Accept ${row.name}`,
            shown: (row) => row.pending,
            run: accept,
          },
          {
            id: 'delete',
            icon: DeleteOutlined,
            title: 'Delete',
            label: (row) => `Delete ${row.name}`,
            run: vi.fn(),
          },
        ]}
      />,
    );
    const ada = screen.getByRole('listitem', { name: 'Ada' });
    const bea = screen.getByRole('listitem', { name: 'Bea' });
    expect(within(ada).getByRole('button', { name: 'Accept Ada' })).toHaveTextContent('Accept');
    expect(within(bea).queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    expect(within(bea).getByRole('button', { name: 'Delete Bea' })).toBeInTheDocument();
    await userEvent.click(within(ada).getByRole('button', { name: 'Accept Ada' }));
    expect(accept).toHaveBeenCalledWith(ROWS[0]);
  });

  it('runs a confirmed action only after confirming, stays open on failure and closes on success', async () => {
    const user = userEvent.setup();
    let request = deferred();
    const run = vi.fn(() => request.promise);
    const onError = vi.fn();
    render(
      <Rows
        onError={onError}
        actions={[
          {
            id: 'delete',
            icon: DeleteOutlined,
            title: 'Delete',
            label: (row) => `Delete ${row.name}`,
            confirm: (row) => ({
              title: `Delete ${row.name}?`,
              message: 'It cannot be undone.',
              confirmLabel: 'Delete',
              destructive: true,
            }),
            run,
          },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete Bea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Bea?' });
    expect(run).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(run).toHaveBeenCalledWith(ROWS[1]);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const failure = new Error('offline');
    request.reject(failure);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
    expect(screen.getByRole('dialog', { name: 'Delete Bea?' })).toBeInTheDocument();

    request = deferred();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    request.resolve();
    // The dialog fades out; a busy shared machine draws that slowly.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
