import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CenteredScreen } from '../../components/page/centered-screen';
import { TextLink } from '../../components/links/text-link';

export const Route = createFileRoute('/_centered/logout')({
  staticData: { titleKey: 'logout' },
  component: LogoutScreen,
});

function LogoutScreen() {
  const { t } = useTranslation();
  return (
    <CenteredScreen screen="logout">
      <TextLink to="/login" variant="body2">
        {t('auth.signIn')}
      </TextLink>
    </CenteredScreen>
  );
}
