import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../../components/page/page-header';
import { LoginList } from '../../../../../features/logins/components/login-list';
import { loadNamespaces } from '../../../../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/events/$eventid/access/loginlist')({
  staticData: { titleKey: 'loginList' },
  // `events` for the plan notice.
  loader: () => loadNamespaces('logins', 'lists', 'events'),
  component: LoginListScreen,
});

/** Who came into the protected event and how (ADR 026). */
function LoginListScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.loginList')} description={t('screens:loginList')} />
      <LoginList key={eventid} eventId={eventid} />
    </>
  );
}
