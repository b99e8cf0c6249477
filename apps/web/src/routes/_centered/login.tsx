import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../components/links/text-link';
import { CenteredScreen, CenteredScreenFooter } from '../../components/page/centered-screen';
import { LoginForm } from '../../features/auth/components/login-form';
import { requireGuest } from '../../lib/auth/guards';

export const Route = createFileRoute('/_centered/login')({
  staticData: { titleKey: 'login' },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: requireGuest,
  component: LoginScreen,
});

function LoginScreen() {
  const { t } = useTranslation('auth');
  const { redirect } = Route.useSearch();
  return (
    <CenteredScreen titleKey="login" description={t('login.description')}>
      <LoginForm redirect={redirect} />
      <CenteredScreenFooter>
        {t('login.noAccount')} <TextLink to="/register">{t('login.createAccount')}</TextLink>
      </CenteredScreenFooter>
    </CenteredScreen>
  );
}
