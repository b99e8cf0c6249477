import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export function UnsavedChangesDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={onStay}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('unsavedChanges.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{t('unsavedChanges.message')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onStay} variant="contained">
          {t('unsavedChanges.stay')}
        </Button>
        <Button onClick={onLeave} color="error">
          {t('unsavedChanges.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
