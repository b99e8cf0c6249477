import type { RegisterRequest } from '@livent/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/forms/checkbox-field';
import { FormAlert } from '../../../components/forms/form-alert';
import { PasswordField } from '../../../components/forms/password-field';
import { withMarkedPart } from '../../../components/forms/rich-text';
import { EmailField, TextInputField } from '../../../components/forms/text-input-field';
import { ExternalLink } from '../../../components/links/external-link';
import { session } from '../../../lib/auth/session';
import { EXTERNAL_LINKS } from '../../../lib/external-links';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';

type RegisterValues = Omit<RegisterRequest, 'acceptTerms' | 'acceptPrivacy'> & {
  acceptTerms: boolean;
  acceptPrivacy: boolean;
};

const resolver = lazyResolver<RegisterValues>(
  async () => (await import('../../../lib/forms/schemas')).registerSchema,
);
const FIELDS = ['name', 'email', 'password', 'company', 'acceptTerms', 'acceptPrivacy'] as const;
const ACCEPTANCES = [
  { name: 'acceptTerms', href: EXTERNAL_LINKS.terms },
  { name: 'acceptPrivacy', href: EXTERNAL_LINKS.privacy },
] as const;

/**
 * Sign-up (docs/product-spec.md section 2; section 5: terms and privacy must be accepted). It signs in at
 * once, the server mails the verification link, and the visitor continues at /verify-email.
 */
export function RegisterForm() {
  const { t } = useTranslation(['onboarding', 'auth']);
  const navigate = useNavigate();
  const form = useForm<RegisterValues>({
    resolver,
    defaultValues: {
      name: '',
      email: '',
      password: '',
      company: '',
      acceptTerms: false,
      acceptPrivacy: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.server?.message;
  const fields = {
    name: form.register('name'),
    email: form.register('email'),
    company: form.register('company'),
    password: form.register('password'),
  };

  const onSubmit = form.handleSubmit(async ({ company, ...values }) => {
    try {
      await session.register({
        ...values,
        ...(company ? { company } : {}),
        acceptTerms: true,
        acceptPrivacy: true,
      });
    } catch (error) {
      await reportFormError(form.setError, error, FIELDS, { emailTaken: 'email' });
      return;
    }
    await navigate({ to: '/verify-email', replace: true });
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
      {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
      <TextInputField
        label={t('auth:fields.name')}
        autoComplete="name"
        error={errors.name?.message}
        {...fields.name}
      />
      <EmailField label={t('auth:fields.email')} error={errors.email?.message} {...fields.email} />
      <TextInputField
        label={t('auth:fields.company')}
        optional
        autoComplete="organization"
        error={errors.company?.message}
        {...fields.company}
      />
      <PasswordField
        label={t('auth:fields.password')}
        autoComplete="new-password"
        helperText={t('auth:fields.passwordHint')}
        error={errors.password?.message}
        {...fields.password}
      />
      <Stack spacing={1.25}>
        {ACCEPTANCES.map(({ name, href }) => (
          <CheckboxField
            key={name}
            error={errors[name]?.message}
            label={withMarkedPart(t(`register.${name}`), (part) => (
              <ExternalLink href={href}>{part}</ExternalLink>
            ))}
            {...form.register(name)}
          />
        ))}
      </Stack>
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
        {t('register.submit')}
      </Button>
    </Stack>
  );
}
