import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredScreen } from '../../components/page/centered-screen';
import { session } from '../../lib/auth/session';
import { notify } from '../../lib/notifications';

/**
 * Signs out (docs/product-spec.md section 2, "Redirects": after logout → /login): ends the session on the
 * server, forgets it here and in the other tabs. It happens in the screen, not in `beforeLoad`,
 * so that preloading a link to /logout (hover) never signs anyone out.
 */
export const Route = createFileRoute('/_centered/logout')({
  staticData: { titleKey: 'logout' },
  component: LogoutScreen,
});

function LogoutScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void session.signOut().then(async () => {
      notify({ type: 'info', message: t('logout.done') });
      await navigate({ to: '/login', replace: true });
    });
  }, [navigate, t]);

  return (
    <CenteredScreen titleKey="logout" description={t('logout.description')}>
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={20} />
        <Typography sx={{ color: 'text.secondary' }}>{t('logout.signingOut')}</Typography>
      </Stack>
    </CenteredScreen>
  );
}
