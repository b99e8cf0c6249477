import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LinkCardGrid } from '../../../components/navigation/link-card-grid';
import { accountNavigationItems } from '../../../components/navigation/navigation-items';
import { PageHeader } from '../../../components/page/page-header';

export const Route = createFileRoute('/_default/account/')({
  staticData: { titleKey: 'account' },
  component: AccountScreen,
});

function AccountScreen() {
  const { t } = useTranslation();
  const { t: tScreens } = useTranslation('screens');
  return (
    <>
      <PageHeader title={t('titles.account')} description={tScreens('account')} />
      <LinkCardGrid items={accountNavigationItems.filter((item) => item.id !== 'account')} />
    </>
  );
}
