import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../components/links/text-link';
import { CenteredScreen, CenteredScreenFooter } from '../../components/page/centered-screen';
import { RegisterForm } from '../../features/auth/components/register-form';
import { requireGuest } from '../../lib/auth/guards';
import { loadNamespaces } from '../../lib/i18n/i18n';

export const Route = createFileRoute('/_centered/register')({
  staticData: { titleKey: 'register' },
  beforeLoad: async (context) => {
    await Promise.all([requireGuest(context), loadNamespaces('onboarding')]);
  },
  component: RegisterScreen,
});

function RegisterScreen() {
  const { t } = useTranslation('onboarding');
  return (
    <CenteredScreen titleKey="register" description={t('register.description')}>
      <RegisterForm />
      <CenteredScreenFooter>
        {t('register.haveAccount')} <TextLink to="/login">{t('register.signIn')}</TextLink>
      </CenteredScreenFooter>
    </CenteredScreen>
  );
}
