import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page/page-header';
import { EnterpriseOverview } from '../../features/enterprise/components/enterprise-overview';
import { requireFeature } from '../../lib/auth/guards';
import { useCurrentUser } from '../../lib/auth/use-auth';
import { loadNamespaces } from '../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/enterprise')({
  staticData: { titleKey: 'enterprise' },
  beforeLoad: () => requireFeature('ENTERPRISE_ADMIN'),
  loader: () => loadNamespaces('enterprise', 'enterpriseMembers', 'lists'),
  component: EnterpriseScreen,
});

function EnterpriseScreen() {
  const { t } = useTranslation(['common', 'screens']);
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={t('headings.enterprise')} description={t('screens:enterprise')} />
      <EnterpriseOverview timeZone={user.settings.timezone} />
    </>
  );
}
