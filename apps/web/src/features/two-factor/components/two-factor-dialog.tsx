import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { PasswordField } from '../../../components/forms/password-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { RecoveryCodesList } from './recovery-codes-list';

interface Values {
  code?: string;
  password: string;
}

const withCodeResolver = lazyResolver<Values>(
  async () => (await import('../../../lib/forms/schemas')).twoFactorConfirmSchema,
);
const passwordResolver = lazyResolver<Values>(
  async () => (await import('../../../lib/forms/schemas')).recoveryCodesRenewSchema,
);

/**
 * A two-factor change that needs the password, and a current code with `withCode`: turning on
 * (below the QR code), turning off, renewing the recovery codes. When the change answers
 * recovery codes, the dialog shows them (once) until "Done".
 */
export function TwoFactorDialog({
  open,
  title,
  intro,
  withCode,
  submitLabel,
  destructive = false,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  intro?: ReactNode;
  withCode: boolean;
  submitLabel: string;
  destructive?: boolean;
  onSubmit: (values: Values) => Promise<{ recoveryCodes: string[] } | undefined>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['account', 'auth', 'forms']);
  const titleId = useId();
  const form = useForm<Values>({
    resolver: withCode ? withCodeResolver : passwordResolver,
    defaultValues: withCode ? { code: '', password: '' } : { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.server?.message;
  const fields = { code: form.register('code'), password: form.register('password') };
  const [codes, setCodes] = useState<string[]>();

  const close = () => {
    if (isSubmitting) return;
    form.reset();
    setCodes(undefined);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    let answer: { recoveryCodes: string[] } | undefined;
    try {
      answer = await onSubmit(values);
    } catch (error) {
      await reportFormError(form.setError, error, ['code', 'password'], {
        twoFactorInvalidCode: 'code',
        incorrectPassword: 'password',
      });
      return;
    }
    if (answer) setCodes(answer.recoveryCodes);
    else close();
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>{codes ? t('security.twoFactor.codesTitle') : title}</DialogTitle>
      <DialogContent>
        {codes ? (
          <RecoveryCodesList codes={codes} />
        ) : (
          <Stack spacing={2.5}>
            {intro}
            {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
            {withCode && (
              <TextInputField
                label={t('security.twoFactor.code')}
                helperText={t('security.twoFactor.codeHint')}
                autoComplete="one-time-code"
                inputMode="numeric"
                spellCheck={false}
                error={errors.code?.message}
                {...fields.code}
              />
            )}
            <PasswordField
              label={t('security.twoFactor.password')}
              autoComplete="current-password"
              error={errors.password?.message}
              {...fields.password}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {codes ? (
          <Button variant="contained" onClick={close}>
            {t('security.twoFactor.done')}
          </Button>
        ) : (
          <>
            <Button onClick={close} color="inherit" disabled={isSubmitting}>
              {t('forms:actions.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              color={destructive ? 'error' : 'primary'}
              loading={isSubmitting}
            >
              {submitLabel}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
