import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page/page-header';
import { PlanOverview } from '../../../features/billing/components/plan-overview';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { loadNamespaces } from '../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/account/plan')({
  staticData: { titleKey: 'plan' },
  loader: () => loadNamespaces('billing'),
  component: PlanScreen,
});

function PlanScreen() {
  const { t } = useTranslation(['common', 'screens']);
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={t('headings.plan')} description={t('screens:plan')} />
      <PlanOverview timeZone={user.settings.timezone} />
    </>
  );
}
