import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page/page-header';
import { FeedbackForm } from '../../features/feedback/components/feedback-form';
import { useCurrentUser } from '../../lib/auth/use-auth';
import { loadNamespaces } from '../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/feedback')({
  staticData: { titleKey: 'feedback' },
  loader: () => loadNamespaces('account', 'forms'),
  component: FeedbackScreen,
});

function FeedbackScreen() {
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.feedback')} description={t('screens:feedback')} />
      <FeedbackForm user={useCurrentUser()} />
    </>
  );
}
