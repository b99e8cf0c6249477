import type { User } from '@livent/shared';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/page/notice';
import { FormAlert } from '../../../components/forms/form-alert';
import { ButtonLink } from '../../../components/links/button-link';
import { CenteredScreenFooter } from '../../../components/page/centered-screen';
import { IconTile } from '../../../components/page/icon-tile';
import { TextLink } from '../../../components/links/text-link';
import { ApiError } from '../../../lib/api-error';
import { getAuthState } from '../../../lib/auth/auth-store';
import { session } from '../../../lib/auth/session';
import { useAuth } from '../../../lib/auth/use-auth';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { i18n } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/notifications';
import { sendVerificationEmail, verifyEmail } from '../api/auth-api';

/**
 * A link is single use (ADR 014): one request per token, even when React runs the effect twice
 * (StrictMode) or the screen mounts again.
 */
const verifications = new Map<string, Promise<void>>();
function verifyOnce(token: string): Promise<void> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = verifyEmail(token);
    verifications.set(token, pending);
  }
  return pending;
}

/** The signed-in user again (their address is verified now), then a notice. */
async function afterVerification(): Promise<void> {
  if (getAuthState().status === 'signedIn') await session.reloadUser().catch(() => undefined);
  notify({ type: 'success', message: i18n.t('onboarding:verifyEmail.verified') });
}

/** Follows a mailed link: confirms the address (or an email change), then goes on to /. */
export function VerifyEmailToken({ token }: { token: string }) {
  const { t } = useTranslation('onboarding');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    let active = true;
    verifyOnce(token).then(
      async () => {
        await afterVerification();
        if (active) await navigate({ to: '/', replace: true });
      },
      async (error: unknown) => {
        const message = await failureMessage(error);
        if (active) setFailure(message);
      },
    );
    return () => {
      active = false;
    };
  }, [token, navigate]);

  if (!failure) {
    return (
      <Stack role="status" spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
        <IconTile icon={MarkEmailReadOutlined} tone="primary" size={56} round />
        <Typography sx={{ color: 'text.secondary' }}>{t('verifyEmail.verifying')}</Typography>
      </Stack>
    );
  }
  // One state, never an error beside "confirmed": a link that fails for a user whose address is
  // confirmed (used before, or replaced) has nothing left to do.
  if (user?.emailVerified && !user.pendingEmail) return <Verified user={user} />;
  return (
    <Stack spacing={3}>
      <FormAlert>{translateMessage(failure)}</FormAlert>
      {!user && (
        <ButtonLink
          to="/login"
          search={{ redirect: '/verify-email' }}
          variant="contained"
          size="large"
          fullWidth
        >
          {t('verifyEmail.signInToResend')}
        </ButtonLink>
      )}
      {user && !user.emailVerified && <CheckInbox user={user} />}
      {user?.emailVerified && (
        <ButtonLink to="/" variant="contained" size="large" fullWidth>
          {t('verifyEmail.continue')}
        </ButtonLink>
      )}
    </Stack>
  );
}

/** A verified user without a link: nothing left to do here. */
function Verified({ user }: { user: User }) {
  const { t } = useTranslation('onboarding');
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <IconTile icon={VerifiedOutlined} tone="success" size={56} round />
      <Typography>{t('verifyEmail.alreadyVerified', { email: user.email })}</Typography>
      <ButtonLink to="/" variant="contained" size="large" fullWidth>
        {t('verifyEmail.continue')}
      </ButtonLink>
    </Stack>
  );
}

/**
 * "Check your inbox" with a resend button (docs/product-spec.md section 4: "resend available"). When the tab
 * comes back into view (the link was opened in another tab), it asks the server whether the
 * address is verified now and then moves on by itself.
 */
function CheckInbox({ user }: { user: User }) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [retryMinutes, setRetryMinutes] = useState<number>();

  useEffect(() => {
    const check = () => {
      if (document.visibilityState !== 'visible') return;
      void session
        .reloadUser()
        .then(async () => {
          if (getAuthState().user?.emailVerified) {
            notify({ type: 'success', message: i18n.t('onboarding:verifyEmail.verified') });
            await navigate({ to: '/', replace: true });
          }
        })
        .catch(() => undefined);
    };
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [navigate]);

  const resend = async () => {
    setSending(true);
    setRetryMinutes(undefined);
    try {
      await sendVerificationEmail();
      notify({ type: 'success', message: t('verifyEmail.resent', { email: user.email }) });
    } catch (error) {
      if (error instanceof ApiError && error.code === 429) {
        setRetryMinutes(Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)));
      } else {
        notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <IconTile icon={MarkEmailUnreadOutlined} tone="primary" size={56} round />
        <Box>
          <Typography sx={{ color: 'text.secondary' }}>{t('verifyEmail.sentTo')}</Typography>
          <Typography
            sx={{ fontWeight: 600, wordBreak: 'break-all' }}
            data-testid="verify-email-address"
          >
            {user.email}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('verifyEmail.instructions')}
        </Typography>
      </Stack>
      {user.pendingEmail && (
        <Notice severity="info">
          {t('verifyEmail.pendingChange', { email: user.pendingEmail })}
        </Notice>
      )}
      <Stack spacing={1}>
        <Button variant="outlined" size="large" fullWidth loading={sending} onClick={resend}>
          {t('verifyEmail.resend')}
        </Button>
        {retryMinutes !== undefined && (
          <Typography
            variant="body2"
            role="status"
            sx={{ color: 'text.secondary', textAlign: 'center' }}
          >
            {t('verifyEmail.retryIn', { count: retryMinutes })}
          </Typography>
        )}
      </Stack>
      <CenteredScreenFooter>
        {t('verifyEmail.wrongAddress')} <TextLink to="/logout">{t('verifyEmail.signOut')}</TextLink>
      </CenteredScreenFooter>
    </Stack>
  );
}

/** /verify-email without a link: what the signed-in user has to do, or that it is done. */
export function VerifyEmailStatus() {
  const { user } = useAuth();
  if (!user) return null;
  return user.emailVerified ? <Verified user={user} /> : <CheckInbox user={user} />;
}
