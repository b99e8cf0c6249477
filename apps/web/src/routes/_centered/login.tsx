import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CenteredScreen } from '../../components/page/centered-screen';
import { TextLink } from '../../components/links/text-link';

export const Route = createFileRoute('/_centered/login')({
  staticData: { titleKey: 'login' },
  component: LoginScreen,
});

function LoginScreen() {
  const { t } = useTranslation();
  return (
    <CenteredScreen screen="login">
      <Stack spacing={1.5}>
        <TextLink to="/reset-password" variant="body2">
          {t('auth.forgotPassword')}
        </TextLink>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('auth.noAccount')} <TextLink to="/register">{t('auth.createAccount')}</TextLink>
        </Typography>
      </Stack>
    </CenteredScreen>
  );
}
