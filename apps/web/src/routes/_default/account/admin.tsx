import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page/page-header';
import { AccountAdministration } from '../../../features/enterprise/components/account-administration';
import { loadNamespaces } from '../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/account/admin')({
  staticData: { titleKey: 'accountAdmin' },
  loader: () => loadNamespaces('enterprise'),
  component: AccountAdminScreen,
});

function AccountAdminScreen() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('headings.accountAdmin')} />
      <AccountAdministration />
    </>
  );
}
