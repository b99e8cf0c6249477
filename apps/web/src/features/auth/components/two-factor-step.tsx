import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { TextInputField } from '../../../components/forms/text-input-field';
import { session } from '../../../lib/auth/session';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';

/**
 * The sign-in's second step for an account with two-factor sign-in (ADR 071): the code of the
 * authenticator app, or a recovery code, and whether to remember this browser for 30 days. A
 * challenge that ended (too many wrong codes, five minutes) goes back to the password.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: () => Promise<void>;
  onRestart: () => void;
}) {
  const { t } = useTranslation('auth');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const [ended, setEnded] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // The step replaces the password form: the code field takes the focus, as the password had it.
  const focusOnMount = useCallback((input: HTMLInputElement | null) => input?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setSubmitting(true);
    const { twoFactorLoginSchema } = await import('../../../lib/forms/schemas');
    const checked = twoFactorLoginSchema.safeParse({
      challenge,
      code: String(data.get('code') ?? ''),
      rememberBrowser: data.get('rememberBrowser') === 'on',
    });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      setEnded(false);
      setSubmitting(false);
      return;
    }
    try {
      await session.verifyTwoFactor(checked.data);
    } catch (failure) {
      const message = await failureMessage(failure);
      setError(message);
      setEnded(message === 'serverErrors.twoFactorChallengeEnded');
      setSubmitting(false);
      return;
    }
    await onSignedIn();
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      aria-label={t('twoFactor.title')}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
        {t('twoFactor.title')}
      </Typography>
      {error && (
        <FormAlert
          action={
            ended && (
              <Button size="small" onClick={onRestart}>
                {t('twoFactor.restart')}
              </Button>
            )
          }
        >
          {translateMessage(error)}
        </FormAlert>
      )}
      <TextInputField
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
        helperText={recovery ? t('twoFactor.recoveryHint') : t('twoFactor.codeHint')}
        name="code"
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        ref={focusOnMount}
        spellCheck={false}
        maxLength={recovery ? 32 : 6}
      />
      <FormControlLabel
        // The box lines up with the field above (MUI's own offset of the checkbox's padding).
        sx={{ ml: '-11px' }}
        control={<Checkbox name="rememberBrowser" />}
        label={t('twoFactor.remember')}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={submitting}>
        {t('twoFactor.submit')}
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        <Link
          component="button"
          type="button"
          onClick={() => {
            setRecovery(!recovery);
            setError(undefined);
          }}
        >
          {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </Link>
      </Typography>
    </Stack>
  );
}
