import type { LoginRequest } from '@livent/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { PasswordField } from '../../../components/forms/password-field';
import { EmailField } from '../../../components/forms/text-input-field';
import { TextLink } from '../../../components/links/text-link';
import { safeRedirectTarget } from '../../../lib/auth/redirect-target';
import { session } from '../../../lib/auth/session';
import { loadNamespaces } from '../../../lib/i18n/i18n';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { TwoFactorStep } from './two-factor-step';

type Field = keyof LoginRequest;
const FIELDS: readonly Field[] = ['email', 'password'];
/** Message keys per field, and `root` for the form's own alert (as react-hook-form names it). */
type LoginErrors = Partial<Record<Field | 'root', string>>;

/** The shared schema, loaded with zod on the first submission only (ADR 009). */
async function loadLoginSchema() {
  const [{ loginSchema }] = await Promise.all([
    import('../../../lib/forms/schemas'),
    loadNamespaces('forms'),
  ]);
  return loginSchema;
}

/** The first message of each field (shared message keys such as `validation.email`). */
async function validate(values: LoginRequest): Promise<[LoginRequest | undefined, LoginErrors]> {
  const checked = (await loadLoginSchema()).safeParse(values);
  if (checked.success) return [checked.data, {}];
  const errors: LoginErrors = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return [undefined, errors];
}

/**
 * Sign-in (docs/product-spec.md section 2; section 8: a wrong email or password shows "Email or password not
 * correct!" with a prompt to reset the password). Afterwards: the page the visitor wanted, if
 * it is one of this app's, else / (docs/product-spec.md section 2, "Redirects").
 *
 * The one form without react-hook-form: it is the first screen most visitors load, and the
 * library is a tenth of that load's budget (ADR 022). Two fields need no more than the browser's
 * form data, the shared schema and the shared server-error mapping that every other form uses.
 */
export function LoginForm({ redirect }: { redirect: string | undefined }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const router = useRouter();
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  /** The challenge of the second step, once the password was right (ADR 071). */
  const [challenge, setChallenge] = useState<string>();
  const serverError = errors.root;
  const wrongCredentials = serverError === 'serverErrors.incorrectEmailOrPassword';

  const valuesOf = (form: HTMLFormElement): LoginRequest => {
    const data = new FormData(form);
    return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
  };

  /** After a first submission, a field's message follows its value (react-hook-form's default). */
  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    const field = (event.target as HTMLInputElement).name as Field;
    if (!submitted || !FIELDS.includes(field)) return;
    const [, found] = await validate(valuesOf(event.currentTarget));
    setErrors((current) => ({ ...current, [field]: found[field] }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    setSubmitting(true);
    try {
      const [credentials, found] = await validate(valuesOf(form));
      if (!credentials) {
        setErrors(found);
        const first = FIELDS.find((field) => found[field]);
        if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
        return;
      }
      setErrors({});
      try {
        const answer = await session.signIn(credentials);
        if ('twoFactor' in answer) {
          setChallenge(answer.twoFactor.challenge);
          return;
        }
      } catch (error) {
        const placed: LoginErrors = {};
        await reportFormError<LoginRequest>(
          (name, { message }) => {
            placed[name === 'root.server' ? 'root' : (name as Field)] = message;
          },
          error,
          FIELDS,
        );
        setErrors(placed);
        return;
      }
      await goOn();
    } finally {
      setSubmitting(false);
    }
  };

  async function goOn() {
    const target = safeRedirectTarget(redirect);
    if (target) router.history.replace(target);
    else await navigate({ to: '/', replace: true });
  }

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={goOn}
        onRestart={() => setChallenge(undefined)}
      />
    );
  }

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) => void onSubmit(event)}
      onChange={(event) => void onChange(event)}
    >
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
      <EmailField label={t('fields.email')} name="email" error={errors.email} />
      <PasswordField
        label={t('fields.password')}
        name="password"
        autoComplete="current-password"
        error={errors.password}
        labelAction={
          <TextLink to="/reset-password" variant="body2">
            {t('login.forgotPassword')}
          </TextLink>
        }
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={submitting}>
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
