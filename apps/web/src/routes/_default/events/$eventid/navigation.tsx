import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page/page-header';
import { NavigationForm } from '../../../../features/event-design/components/navigation-form';
import { loadEditorScreen } from '../../../../lib/events/editor-loader';

export const Route = createFileRoute('/_default/events/$eventid/navigation')({
  staticData: { titleKey: 'navigation' },
  loader: ({ context, params }) => loadEditorScreen(context.queryClient, params.eventid, 'design'),
  component: NavigationScreen,
});

/** Menu items and the channel menu of the event page (docs/product-spec.md section 2). */
function NavigationScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.navigation')} description={t('screens:navigation')} />
      <NavigationForm key={eventid} eventId={eventid} />
    </>
  );
}
