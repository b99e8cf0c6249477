import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../../components/page/page-header';
import { AccessSection } from '../../../../../features/event-editor/sections/access-section';
import { loadEditorScreen } from '../../../../../lib/events/editor-loader';

export const Route = createFileRoute('/_default/events/$eventid/access/settings')({
  staticData: { titleKey: 'accessSettings' },
  loader: ({ context, params }) => loadEditorScreen(context.queryClient, params.eventid, 'editor'),
  component: AccessSettingsScreen,
});

function AccessSettingsScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.accessSettings')} description={t('screens:accessSettings')} />
      <AccessSection key={eventid} eventId={eventid} />
    </>
  );
}
