import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../components/links/text-link';
import { CenteredScreen, CenteredScreenFooter } from '../../components/page/centered-screen';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { ResetPasswordRequest } from '../../features/auth/components/reset-password-request';
import { tokenSearch, useUrlToken } from '../../features/auth/hooks/use-url-token';
import { requireGuest } from '../../lib/auth/guards';
import { loadNamespaces } from '../../lib/i18n/i18n';

export const Route = createFileRoute('/_centered/reset-password')({
  staticData: { titleKey: 'resetPassword' },
  validateSearch: tokenSearch,
  beforeLoad: async (context) => {
    await Promise.all([requireGuest(context), loadNamespaces('onboarding')]);
  },
  component: ResetPasswordScreen,
});

/** Without a token: ask for a link. With the mailed `?token=`: choose the new password. */
function ResetPasswordScreen() {
  const { t } = useTranslation('onboarding');
  const mailedToken = useUrlToken(Route.useSearch().token);
  const [requestNew, setRequestNew] = useState(false);
  const token = requestNew ? undefined : mailedToken;
  return (
    <CenteredScreen
      titleKey="resetPassword"
      description={token ? t('resetPassword.description') : t('resetPassword.requestDescription')}
    >
      {token ? (
        <ResetPasswordForm token={token} onRequestNewLink={() => setRequestNew(true)} />
      ) : (
        <ResetPasswordRequest />
      )}
      <CenteredScreenFooter>
        <TextLink to="/login">{t('resetPassword.backToLogin')}</TextLink>
      </CenteredScreenFooter>
    </CenteredScreen>
  );
}
