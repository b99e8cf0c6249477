import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page/page-header';
import { AppearanceForm } from '../../../../features/event-design/components/appearance-form';
import { loadEditorScreen } from '../../../../lib/events/editor-loader';

export const Route = createFileRoute('/_default/events/$eventid/appearance')({
  staticData: { titleKey: 'appearance' },
  loader: ({ context, params }) => loadEditorScreen(context.queryClient, params.eventid, 'design'),
  component: AppearanceScreen,
});

/** Logo, colours, font, background and layout of the event page (docs/product-spec.md section 2). */
function AppearanceScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.appearance')} description={t('screens:appearance')} />
      <AppearanceForm key={eventid} eventId={eventid} />
    </>
  );
}
