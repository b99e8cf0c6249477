import type { User } from '@livent/shared';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/page/notice';
import { FormAlert } from '../../../components/forms/form-alert';
import { PasswordField } from '../../../components/forms/password-field';
import { EmailField } from '../../../components/forms/text-input-field';
import { FieldGrid } from '../../../components/forms/save-actions';
import { SectionCard } from '../../../components/page/section-card';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { useRequestEmailChange } from '../api/account-api';

interface EmailValues {
  email: string;
  password: string;
}

const resolver = lazyResolver<EmailValues>(
  async () => (await import('../../../lib/forms/schemas')).emailChangeSchema,
);

/**
 * Changing the address (docs/product-spec.md section 4, "Email change: started; active only after
 * verification via an emailed link"): the new address shows as pending until then.
 */
export function EmailChangeForm({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'forms']);
  const form = useForm<EmailValues>({ resolver, defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.server?.message;
  const fields = { email: form.register('email'), password: form.register('password') };
  const requestEmailChange = useRequestEmailChange();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const updated = await requestEmailChange.mutateAsync(values);
      form.reset();
      notify({
        type: 'success',
        message: t('profile.email.sent', { email: updated.pendingEmail ?? values.email }),
      });
    } catch (error) {
      await reportFormError(form.setError, error, ['email', 'password'], {
        emailTaken: 'email',
        emailChangeFailed: 'password',
      });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <SectionCard
        title={t('profile.email.title')}
        description={t('profile.email.description')}
        footer={
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('profile.email.submit')}
          </Button>
        }
      >
        <Stack spacing={2.5}>
          <Box>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
              {t('profile.email.current')}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 500, wordBreak: 'break-all' }}>{user.email}</Typography>
              <Chip
                size="small"
                color="success"
                variant="outlined"
                icon={<VerifiedOutlined />}
                label={t('profile.email.verified')}
              />
            </Stack>
          </Box>
          {user.pendingEmail && (
            <Notice severity="info">
              {t('profile.email.pending', { email: user.pendingEmail })}
            </Notice>
          )}
          {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
          <FieldGrid>
            <EmailField
              label={t('profile.email.newEmail')}
              error={errors.email?.message}
              {...fields.email}
            />
            <PasswordField
              label={t('profile.email.password')}
              autoComplete="current-password"
              helperText={t('profile.email.passwordHint')}
              error={errors.password?.message}
              {...fields.password}
            />
          </FieldGrid>
        </Stack>
      </SectionCard>
    </Box>
  );
}
