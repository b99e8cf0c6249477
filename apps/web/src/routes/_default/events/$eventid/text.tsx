import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page/page-header';
import { TextSection } from '../../../../features/event-editor/sections/text-section';
import { loadEditorScreen } from '../../../../lib/events/editor-loader';

export const Route = createFileRoute('/_default/events/$eventid/text')({
  staticData: { titleKey: 'text' },
  loader: ({ context, params }) => loadEditorScreen(context.queryClient, params.eventid, 'editor'),
  component: TextScreen,
});

function TextScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.text')} description={t('screens:text')} />
      <TextSection key={eventid} eventId={eventid} />
    </>
  );
}
