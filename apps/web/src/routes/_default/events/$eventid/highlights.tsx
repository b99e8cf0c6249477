import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/highlights')({
  staticData: { titleKey: 'highlights' },
  component: HighlightsScreen,
});

function HighlightsScreen() {
  return <ScreenIntro screen="highlights" icon={AutoAwesomeOutlined} />;
}
