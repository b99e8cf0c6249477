import Typography from '@mui/material/Typography';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LinkCardGrid } from '../../../components/navigation/link-card-grid';
import { accountNavigationItems } from '../../../components/navigation/navigation-items';
import { PageHeader } from '../../../components/page/page-header';
import { AccountOverview } from '../../../features/account/components/account-overview';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { loadNamespaces } from '../../../lib/i18n/i18n';

/** Sections with their own cards above; the rest as links. */
const MORE = new Set(['billing', 'domains', 'permissions', 'admin']);

export const Route = createFileRoute('/_default/account/')({
  staticData: { titleKey: 'account' },
  loader: () => loadNamespaces('account'),
  component: AccountScreen,
});

function AccountScreen() {
  const { t } = useTranslation(['common', 'screens', 'account']);
  return (
    <>
      <PageHeader title={t('headings.account')} description={t('screens:account')} />
      <AccountOverview user={useCurrentUser()} />
      <Typography variant="h2" sx={{ mt: 5, mb: 2 }}>
        {t('account:overview.more')}
      </Typography>
      <LinkCardGrid items={accountNavigationItems.filter((item) => MORE.has(item.id))} />
    </>
  );
}
