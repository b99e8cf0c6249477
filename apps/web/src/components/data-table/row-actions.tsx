import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ComponentType, type ReactNode } from 'react';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import type { TableColumn } from './data-table';

/** What the user confirms before an action runs. */
export interface RowActionConfirm {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
}

/**
 * One thing a row of a list offers (edit, delete, accept…), declared once for the table cell and
 * the phone card alike (ADR 040).
 */
export interface RowAction<Row> {
  id: string;
  /** The action's name: the tooltip of an icon action, the text of a button. */
  title: string;
  /** The accessible name, which names the row too: "Delete the invitation of Ada", not "Delete". */
  label: (row: Row) => string;
  /** An icon button with a tooltip; without one, a button with the title as its text. */
  icon?: ComponentType<SvgIconProps>;
  variant?: 'text' | 'outlined' | 'contained';
  color?: 'inherit' | 'primary' | 'error';
  size?: 'small' | 'medium';
  /** Whether the row offers the action (a pending invitation is accepted, an accepted one left). */
  shown?: (row: Row) => boolean;
  /** Asks first: the action runs once the user confirms. */
  confirm?: (row: Row) => RowActionConfirm;
  /**
   * Does it. A promise keeps the button (or the confirm dialog) busy until it settles; the dialog
   * closes when it resolves and stays open when it rejects, after `onError` reported the failure.
   */
  run: (row: Row) => Promise<unknown> | void;
}

interface Confirming<Row> {
  action: RowAction<Row>;
  row: Row;
  texts: RowActionConfirm;
}

/**
 * The actions of a list's rows: `render(row)` gives a row's buttons, `dialog` is the one confirm
 * dialog of the list (render it once beside the list). Failures go to `onError`.
 */
export function useRowActions<Row>(
  actions: readonly RowAction<Row>[],
  { rowKey, onError }: { rowKey: (row: Row) => string; onError: (error: unknown) => unknown },
) {
  // The dialog keeps its texts while it fades out; `open` alone closes it.
  const [confirming, setConfirming] = useState<Confirming<Row>>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());
  const runningKey = (action: RowAction<Row>, row: Row) => `${action.id}:${rowKey(row)}`;

  const execute = async (action: RowAction<Row>, row: Row): Promise<boolean> => {
    const key = runningKey(action, row);
    setRunning((current) => new Set(current).add(key));
    try {
      await action.run(row);
      return true;
    } catch (error) {
      await onError(error);
      return false;
    } finally {
      setRunning((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  };

  const start = (action: RowAction<Row>, row: Row) => {
    if (action.confirm) {
      setConfirming({ action, row, texts: action.confirm(row) });
      setDialogOpen(true);
    } else {
      void execute(action, row);
    }
  };

  const render = (row: Row): ReactNode => {
    const offered = actions.filter((action) => action.shown?.(row) ?? true);
    const buttons = offered.map((action) => {
      const Icon = action.icon;
      if (Icon) {
        return (
          <Tooltip key={action.id} title={action.title}>
            <IconButton
              size="small"
              aria-label={action.label(row)}
              onClick={() => start(action, row)}
            >
              <Icon fontSize="small" />
            </IconButton>
          </Tooltip>
        );
      }
      return (
        <Button
          key={action.id}
          variant={action.variant ?? 'text'}
          color={action.color ?? 'primary'}
          size={action.size ?? 'medium'}
          loading={running.has(runningKey(action, row)) && !action.confirm}
          onClick={() => start(action, row)}
          aria-label={action.label(row)}
        >
          {action.title}
        </Button>
      );
    });
    // Icons sit side by side in a cell; buttons keep their gap and their width in a row that wraps.
    if (offered.every((action) => action.icon)) return <>{buttons}</>;
    return (
      <Stack direction="row" sx={{ display: 'inline-flex', gap: 1, flexShrink: 0 }}>
        {buttons}
      </Stack>
    );
  };

  const dialog = (
    <ConfirmDialog
      open={dialogOpen && confirming !== undefined}
      title={confirming?.texts.title ?? ''}
      message={confirming?.texts.message ?? ''}
      confirmLabel={confirming?.texts.confirmLabel ?? ''}
      destructive={confirming?.texts.destructive ?? false}
      busy={confirming !== undefined && running.has(runningKey(confirming.action, confirming.row))}
      onClose={() => setDialogOpen(false)}
      onConfirm={() => {
        if (!confirming) return;
        void execute(confirming.action, confirming.row).then((done) => {
          if (done) setDialogOpen(false);
        });
      }}
    />
  );

  return { render, dialog };
}

/** The column of a row's actions: at the end, and in view while a phone scrolls the table. */
export function actionsColumn<Row>(
  header: string,
  render: (row: Row) => ReactNode,
): TableColumn<Row, never> {
  return { id: 'actions', header, align: 'right', sticky: true, cell: render };
}
