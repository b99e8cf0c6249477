import SmartDisplayOutlined from '@mui/icons-material/SmartDisplayOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/player')({
  staticData: { titleKey: 'player' },
  component: PlayerScreen,
});

function PlayerScreen() {
  return <ScreenIntro screen="player" icon={SmartDisplayOutlined} />;
}
