import Stack from '@mui/material/Stack';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page/page-header';
import { DeleteAccount } from '../../../features/account/components/delete-account';
import { AccountAuditSection } from '../../../features/audit/components/audit-log';
import { PasswordChangeForm } from '../../../features/account/components/password-change-form';
import { SessionsList } from '../../../features/account/components/sessions-list';
import { TwoFactorSection } from '../../../features/two-factor/components/two-factor-section';
import { ApiTokensSection } from '../../../features/api-tokens/components/api-tokens-section';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { loadNamespaces } from '../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/account/security')({
  staticData: { titleKey: 'security' },
  loader: () => loadNamespaces('account', 'forms', 'auth', 'apiTokens', 'audit', 'lists'),
  component: SecurityScreen,
});

function SecurityScreen() {
  const { t } = useTranslation(['common', 'screens']);
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={t('headings.security')} description={t('screens:security')} />
      <Stack spacing={3}>
        <PasswordChangeForm user={user} />
        <TwoFactorSection />
        <ApiTokensSection />
        <SessionsList />
        <AccountAuditSection />
        <DeleteAccount user={user} />
      </Stack>
    </>
  );
}
