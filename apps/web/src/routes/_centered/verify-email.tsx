import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CenteredScreen } from '../../components/page/centered-screen';
import { TextLink } from '../../components/links/text-link';

export const Route = createFileRoute('/_centered/verify-email')({
  staticData: { titleKey: 'verifyEmail' },
  component: VerifyEmailScreen,
});

function VerifyEmailScreen() {
  const { t } = useTranslation();
  return (
    <CenteredScreen screen="verifyEmail">
      <TextLink to="/login" variant="body2">
        {t('auth.backToLogin')}
      </TextLink>
    </CenteredScreen>
  );
}
