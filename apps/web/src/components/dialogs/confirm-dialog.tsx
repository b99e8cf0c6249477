import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInputField } from '../forms/text-input-field';

/**
 * Asks before something that cannot be undone. With `confirmText`, the user types that text
 * (e.g. the event's title) before the confirm button enables.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  destructive = false,
  busy = false,
  confirmText,
  confirmTextLabel,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  destructive?: boolean;
  busy?: boolean;
  confirmText?: string;
  /** The label of the field where `confirmText` is typed. */
  confirmTextLabel?: string;
}) {
  const { t } = useTranslation('forms');
  const titleId = useId();
  const messageId = useId();
  const [typed, setTyped] = useState('');
  const matches = confirmText === undefined || typed.trim() === confirmText.trim();
  const close = () => {
    if (busy) return;
    setTyped('');
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
        {confirmText !== undefined && (
          <Box sx={{ mt: 2.5 }}>
            <TextInputField
              label={confirmTextLabel ?? ''}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} color="inherit" disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          disabled={!matches}
          loading={busy}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
