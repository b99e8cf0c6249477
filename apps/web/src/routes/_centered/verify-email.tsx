import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CenteredScreen } from '../../components/page/centered-screen';
import {
  VerifyEmailStatus,
  VerifyEmailToken,
} from '../../features/auth/components/verify-email-panel';
import { isTokenSwap, tokenSearch, useUrlToken } from '../../features/auth/hooks/use-url-token';
import { requireVerifyEmailAccess } from '../../lib/auth/guards';
import { loadNamespaces } from '../../lib/i18n/i18n';

/**
 * Email verification (docs/product-spec.md section 4): with the mailed `?token=` it confirms the address (or an
 * email change) for anyone who has the link; without, it is about the signed-in user.
 */
export const Route = createFileRoute('/_centered/verify-email')({
  staticData: { titleKey: 'verifyEmail' },
  validateSearch: tokenSearch,
  beforeLoad: async (context) => {
    // The screen keeps a mailed token in memory once it is out of the address bar.
    const search = isTokenSwap() ? { token: 'in-memory' } : context.search;
    await Promise.all([
      requireVerifyEmailAccess({ ...context, search }),
      loadNamespaces('onboarding'),
    ]);
  },
  component: VerifyEmailScreen,
});

function VerifyEmailScreen() {
  const { t } = useTranslation('onboarding');
  const token = useUrlToken(Route.useSearch().token);
  return (
    <CenteredScreen titleKey="verifyEmail" description={t('verifyEmail.description')}>
      {token ? <VerifyEmailToken token={token} /> : <VerifyEmailStatus />}
    </CenteredScreen>
  );
}
