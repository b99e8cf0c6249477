import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LinkCardGrid } from '../../components/navigation/link-card-grid';
import { defaultNavigationItems } from '../../components/navigation/navigation-items';
import { PageHeader } from '../../components/page/page-header';

export const Route = createFileRoute('/_default/home')({
  staticData: { titleKey: 'home' },
  component: HomeScreen,
});

function HomeScreen() {
  const { t } = useTranslation();
  const { t: tScreens } = useTranslation('screens');
  return (
    <>
      <PageHeader title={t('titles.home')} description={tScreens('home')} />
      <LinkCardGrid items={defaultNavigationItems} />
    </>
  );
}
