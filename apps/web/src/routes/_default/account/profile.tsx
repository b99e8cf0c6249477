import Stack from '@mui/material/Stack';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page/page-header';
import { AccountExport } from '../../../features/account/components/account-export';
import { EmailChangeForm } from '../../../features/account/components/email-change-form';
import { ProfileForm } from '../../../features/account/components/profile-form';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { loadNamespaces } from '../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/account/profile')({
  staticData: { titleKey: 'profile' },
  loader: () => loadNamespaces('account', 'forms', 'auth'),
  component: ProfileScreen,
});

function ProfileScreen() {
  const { t } = useTranslation(['common', 'screens']);
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={t('headings.profile')} description={t('screens:profile')} />
      <Stack spacing={3}>
        <ProfileForm user={user} />
        <EmailChangeForm user={user} />
        <AccountExport />
      </Stack>
    </>
  );
}
