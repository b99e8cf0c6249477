import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../../components/page/page-header';
import { RegistrationSection } from '../../../../../features/event-editor/sections/registration-section';
import { loadEditorScreen } from '../../../../../lib/events/editor-loader';

export const Route = createFileRoute('/_default/events/$eventid/access/registrations')({
  staticData: { titleKey: 'registrations' },
  loader: ({ context, params }) =>
    loadEditorScreen(context.queryClient, params.eventid, 'editor', 'mails'),
  component: RegistrationsScreen,
});

function RegistrationsScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.registrations')} description={t('screens:registrations')} />
      <RegistrationSection key={eventid} eventId={eventid} />
    </>
  );
}
