import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/stats')({
  staticData: { titleKey: 'stats' },
  component: StatsScreen,
});

function StatsScreen() {
  return <ScreenIntro screen="stats" icon={InsightsOutlined} />;
}
