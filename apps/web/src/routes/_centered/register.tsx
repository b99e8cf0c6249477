import Typography from '@mui/material/Typography';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CenteredScreen } from '../../components/page/centered-screen';
import { TextLink } from '../../components/links/text-link';

export const Route = createFileRoute('/_centered/register')({
  staticData: { titleKey: 'register' },
  component: RegisterScreen,
});

function RegisterScreen() {
  const { t } = useTranslation();
  return (
    <CenteredScreen screen="register">
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('auth.haveAccount')} <TextLink to="/login">{t('auth.signIn')}</TextLink>
      </Typography>
    </CenteredScreen>
  );
}
