import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/page/notice';
import { FormAlert } from '../../../components/forms/form-alert';
import { EmailField } from '../../../components/forms/text-input-field';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { requestPasswordReset } from '../api/auth-api';

interface RequestValues {
  email: string;
}

const resolver = lazyResolver<RequestValues>(
  async () => (await import('../../../lib/forms/schemas')).forgotPasswordSchema,
);

/**
 * Asks for a reset link. The answer is the same whether or not an account exists, so the page
 * never tells (docs/architecture.md, "No account enumeration").
 */
export function ResetPasswordRequest() {
  const { t } = useTranslation(['onboarding', 'auth']);
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm<RequestValues>({ resolver, defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.server?.message;
  const email = form.register('email');

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      await reportFormError(form.setError, error, ['email']);
    }
  });

  if (sentTo) {
    return (
      <Stack spacing={2}>
        <Notice severity="success">{t('resetPassword.requestSent', { email: sentTo })}</Notice>
        <Button
          variant="text"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => {
            form.reset();
            setSentTo(undefined);
          }}
        >
          {t('resetPassword.requestAnother')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
      {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
      <EmailField label={t('auth:fields.email')} error={errors.email?.message} {...email} />
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
        {t('resetPassword.requestSubmit')}
      </Button>
    </Stack>
  );
}
