import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page/page-header';
import { InteractionSection } from '../../../../features/event-editor/sections/interaction-section';
import { loadEditorScreen } from '../../../../lib/events/editor-loader';

export const Route = createFileRoute('/_default/events/$eventid/interaction')({
  staticData: { titleKey: 'interaction' },
  loader: ({ context, params }) => loadEditorScreen(context.queryClient, params.eventid, 'editor'),
  component: InteractionScreen,
});

function InteractionScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.interaction')} description={t('screens:interaction')} />
      <InteractionSection key={eventid} eventId={eventid} />
    </>
  );
}
