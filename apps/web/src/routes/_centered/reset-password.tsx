import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CenteredScreen } from '../../components/page/centered-screen';
import { TextLink } from '../../components/links/text-link';

export const Route = createFileRoute('/_centered/reset-password')({
  staticData: { titleKey: 'resetPassword' },
  component: ResetPasswordScreen,
});

function ResetPasswordScreen() {
  const { t } = useTranslation();
  return (
    <CenteredScreen screen="resetPassword">
      <TextLink to="/login" variant="body2">
        {t('auth.backToLogin')}
      </TextLink>
    </CenteredScreen>
  );
}
