import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page/page-header';
import { PaymentsList } from '../../../features/billing/components/payments-list';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { loadNamespaces } from '../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/account/billing')({
  staticData: { titleKey: 'billing' },
  loader: () => loadNamespaces('billing', 'lists'),
  component: BillingScreen,
});

function BillingScreen() {
  const { t } = useTranslation(['common', 'screens']);
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={t('headings.billing')} description={t('screens:billing')} />
      <PaymentsList timeZone={user.settings.timezone} />
    </>
  );
}
