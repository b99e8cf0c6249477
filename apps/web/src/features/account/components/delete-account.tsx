import { isCustomPlan, type User } from '@livent/shared';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/page/notice';
import { FormAlert } from '../../../components/forms/form-alert';
import { PasswordField } from '../../../components/forms/password-field';
import { SectionCard } from '../../../components/page/section-card';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { useDeleteAccount } from '../api/account-api';

interface DeletionValues {
  password: string;
}

const resolver = lazyResolver<DeletionValues>(
  async () => (await import('../../../lib/forms/schemas')).accountDeletionSchema,
);

/** The confirmation dialog: deletion needs the password (docs/product-spec.md section 5). */
function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const titleId = useId();
  const textId = useId();
  const form = useForm<DeletionValues>({ resolver, defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.server?.message;
  const password = form.register('password');
  const deleteAccount = useDeleteAccount();

  const close = () => {
    if (isSubmitting) return;
    form.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit(async ({ password: value }) => {
    try {
      await deleteAccount.mutateAsync(value);
    } catch (error) {
      await reportFormError(form.setError, error, ['password'], {
        accountDeletionFailed: 'password',
      });
      return;
    }
    notify({ type: 'info', message: t('security.delete.done') });
    await navigate({ to: '/login', replace: true });
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId}>{t('security.delete.dialogTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <DialogContentText id={textId}>{t('security.delete.dialogText')}</DialogContentText>
          {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
          <PasswordField
            label={t('security.delete.password')}
            autoComplete="current-password"
            error={errors.password?.message}
            {...password}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={close}>
          {t('security.delete.cancel')}
        </Button>
        <Button type="submit" variant="contained" color="error" loading={isSubmitting}>
          {t('security.delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The danger zone: account deletion behind a password confirmation. Custom-type plans cannot
 * delete the account themselves (docs/product-spec.md section 6); the page says so and the server refuses too.
 */
export function DeleteAccount({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const custom = isCustomPlan(user.plan);
  return (
    <>
      <SectionCard
        tone="danger"
        title={t('security.delete.title')}
        description={t('security.delete.description')}
        footer={
          <Button
            variant="contained"
            color="error"
            startIcon={<DeleteForeverOutlined />}
            disabled={custom}
            onClick={() => setOpen(true)}
          >
            {t('security.delete.open')}
          </Button>
        }
      >
        {custom ? <Notice severity="info">{t('security.delete.notOnPlan')}</Notice> : null}
      </SectionCard>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
