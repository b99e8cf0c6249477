import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page/page-header';
import { SettingsForm } from '../../features/settings/components/settings-form';
import { useCurrentUser } from '../../lib/auth/use-auth';
import { loadNamespaces } from '../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/settings')({
  staticData: { titleKey: 'settings' },
  loader: () => loadNamespaces('account', 'forms'),
  component: SettingsScreen,
});

function SettingsScreen() {
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.settings')} description={t('screens:settings')} />
      <SettingsForm user={useCurrentUser()} />
    </>
  );
}
