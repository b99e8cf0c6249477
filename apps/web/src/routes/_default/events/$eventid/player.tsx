import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page/page-header';
import { PlayerSection } from '../../../../features/event-editor/sections/player-section';
import { loadEditorScreen } from '../../../../lib/events/editor-loader';

export const Route = createFileRoute('/_default/events/$eventid/player')({
  staticData: { titleKey: 'player' },
  loader: ({ context, params }) => loadEditorScreen(context.queryClient, params.eventid, 'editor'),
  component: PlayerScreen,
});

function PlayerScreen() {
  const { eventid } = Route.useParams();
  const { t } = useTranslation(['common', 'screens']);
  return (
    <>
      <PageHeader title={t('headings.player')} description={t('screens:player')} />
      <PlayerSection key={eventid} eventId={eventid} />
    </>
  );
}
