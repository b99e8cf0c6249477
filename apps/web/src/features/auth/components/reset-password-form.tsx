import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { PasswordField } from '../../../components/forms/password-field';
import { notify } from '../../../lib/notifications';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { resetPassword } from '../api/auth-api';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

const resolver = lazyResolver<ResetValues>(
  async () => (await import('../../../lib/forms/schemas')).resetPasswordSchema,
);

/**
 * The new password for a mailed reset link. Success ends every session (ADR 010) and leads to
 * sign-in; a bad or expired link says "Password reset failed" (docs/product-spec.md section 8).
 */
export function ResetPasswordForm({
  token,
  onRequestNewLink,
}: {
  token: string;
  onRequestNewLink: () => void;
}) {
  const { t } = useTranslation(['onboarding', 'auth']);
  const navigate = useNavigate();
  const form = useForm<ResetValues>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.server?.message;
  const password = form.register('password');
  const confirmPassword = form.register('confirmPassword');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resetPassword(token, values);
    } catch (error) {
      await reportFormError(form.setError, error, ['password', 'confirmPassword']);
      return;
    }
    notify({ type: 'success', message: t('resetPassword.done') });
    await navigate({ to: '/login', replace: true });
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
      {serverError && (
        <FormAlert
          action={
            serverError === 'serverErrors.passwordResetFailed' && (
              <Button size="small" variant="outlined" color="inherit" onClick={onRequestNewLink}>
                {t('resetPassword.requestNewLink')}
              </Button>
            )
          }
        >
          {translateMessage(serverError)}
        </FormAlert>
      )}
      {/* Lets password managers store the new password with the right account. */}
      <input type="hidden" autoComplete="username" />
      <PasswordField
        label={t('auth:fields.newPassword')}
        autoComplete="new-password"
        helperText={t('auth:fields.passwordHint')}
        error={errors.password?.message}
        {...password}
      />
      <PasswordField
        label={t('auth:fields.confirmPassword')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...confirmPassword}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
        {t('resetPassword.submit')}
      </Button>
    </Stack>
  );
}
