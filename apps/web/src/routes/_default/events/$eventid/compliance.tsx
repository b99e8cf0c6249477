import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page/page-header';
import { ComplianceSection } from '../../../../features/event-editor/sections/compliance-section';
import { loadEditorScreen } from '../../../../lib/events/editor-loader';

export const Route = createFileRoute('/_default/events/$eventid/compliance')({
  staticData: { titleKey: 'compliance' },
  loader: ({ context, params }) => loadEditorScreen(context.queryClient, params.eventid, 'editor'),
  component: ComplianceScreen,
});

function ComplianceScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.compliance')} description={t('screens:compliance')} />
      <ComplianceSection key={eventid} eventId={eventid} />
    </>
  );
}
