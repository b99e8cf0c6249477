import type { PasswordChange, User } from '@livent/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { PasswordField } from '../../../components/forms/password-field';
import { SectionCard } from '../../../components/page/section-card';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { useChangePassword } from '../api/account-api';

const resolver = lazyResolver<PasswordChange>(
  async () => (await import('../../../lib/forms/schemas')).passwordChangeSchema,
);
const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: PasswordChange = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Password change (docs/product-spec.md section 5: "passwords do not match", "new password should not match old
 * password"; section 8: "Password change failed"). The server signs out every other device.
 */
export function PasswordChangeForm({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'auth']);
  const changePassword = useChangePassword();
  const form = useForm<PasswordChange>({ resolver, defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.server?.message;
  const fields = {
    oldPassword: form.register('oldPassword'),
    newPassword: form.register('newPassword'),
    confirmPassword: form.register('confirmPassword'),
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
    } catch (error) {
      await reportFormError(form.setError, error, FIELDS, {
        passwordChangeFailed: 'oldPassword',
      });
      return;
    }
    form.reset(EMPTY);
    notify({ type: 'success', message: t('security.password.changed') });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <SectionCard
        title={t('security.password.title')}
        description={t('security.password.description')}
        footer={
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('security.password.submit')}
          </Button>
        }
      >
        <Stack spacing={2.5} sx={{ maxWidth: 480 }}>
          {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
          {/* Lets password managers store the new password with the right account. */}
          <input type="hidden" autoComplete="username" value={user.email} readOnly />
          <PasswordField
            label={t('security.password.oldPassword')}
            autoComplete="current-password"
            error={errors.oldPassword?.message}
            {...fields.oldPassword}
          />
          <PasswordField
            label={t('auth:fields.newPassword')}
            autoComplete="new-password"
            helperText={t('auth:fields.passwordHint')}
            error={errors.newPassword?.message}
            {...fields.newPassword}
          />
          <PasswordField
            label={t('auth:fields.confirmPassword')}
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...fields.confirmPassword}
          />
        </Stack>
      </SectionCard>
    </Box>
  );
}
