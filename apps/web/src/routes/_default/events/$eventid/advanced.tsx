import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page/page-header';
import { AdvancedSection } from '../../../../features/event-editor/sections/advanced-section';
import { loadEditorScreen } from '../../../../lib/events/editor-loader';

export const Route = createFileRoute('/_default/events/$eventid/advanced')({
  staticData: { titleKey: 'advanced' },
  loader: ({ context, params }) => loadEditorScreen(context.queryClient, params.eventid, 'editor'),
  component: AdvancedScreen,
});

function AdvancedScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.advanced')} description={t('screens:advanced')} />
      <AdvancedSection key={eventid} eventId={eventid} />
    </>
  );
}
