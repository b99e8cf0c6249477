import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page/page-header';
import { GeneralSection } from '../../../../features/event-editor/sections/general-section';
import { loadEditorScreen } from '../../../../lib/events/editor-loader';

export const Route = createFileRoute('/_default/events/$eventid/general')({
  staticData: { titleKey: 'general' },
  loader: ({ context, params }) => loadEditorScreen(context.queryClient, params.eventid, 'editor'),
  component: GeneralScreen,
});

function GeneralScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.general')} description={t('screens:general')} />
      <GeneralSection key={eventid} eventId={eventid} />
    </>
  );
}
