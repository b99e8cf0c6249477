import type { LoginRequest } from '@livent/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { PasswordField } from '../../../components/forms/password-field';
import { EmailField } from '../../../components/forms/text-input-field';
import { TextLink } from '../../../components/links/text-link';
import { safeRedirectTarget } from '../../../lib/auth/redirect-target';
import { session } from '../../../lib/auth/session';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';

const resolver = lazyResolver<LoginRequest>(
  async () => (await import('../../../lib/forms/schemas')).loginSchema,
);
const FIELDS = ['email', 'password'] as const;

/**
 * Sign-in (spec section 2; section 8: a wrong email or password shows "Email or password not
 * correct!" with a prompt to reset the password). Afterwards: the page the visitor wanted, if
 * it is one of this app's, else / (spec section 2, "Redirects").
 */
export function LoginForm({ redirect }: { redirect: string | undefined }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const router = useRouter();
  const form = useForm<LoginRequest>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const email = form.register('email');
  const password = form.register('password');
  const serverError = errors.root?.server?.message;
  const wrongCredentials = serverError === 'serverErrors.incorrectEmailOrPassword';

  const onSubmit = form.handleSubmit(async (credentials) => {
    try {
      await session.signIn(credentials);
    } catch (error) {
      await reportFormError(form.setError, error, FIELDS);
      return;
    }
    const target = safeRedirectTarget(redirect);
    if (target) router.history.replace(target);
    else await navigate({ to: '/', replace: true });
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
      {serverError && (
        <FormAlert
          action={
            wrongCredentials && (
              <Typography variant="body2">
                {t('login.resetPrompt')}{' '}
                <TextLink to="/reset-password">{t('login.resetLink')}</TextLink>
              </Typography>
            )
          }
        >
          {translateMessage(serverError)}
        </FormAlert>
      )}
      <EmailField label={t('fields.email')} error={errors.email?.message} {...email} />
      <PasswordField
        label={t('fields.password')}
        autoComplete="current-password"
        error={errors.password?.message}
        labelAction={
          <TextLink to="/reset-password" variant="body2">
            {t('login.forgotPassword')}
          </TextLink>
        }
        {...password}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
