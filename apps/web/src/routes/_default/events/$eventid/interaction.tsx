import TouchAppOutlined from '@mui/icons-material/TouchAppOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/interaction')({
  staticData: { titleKey: 'interaction' },
  component: InteractionScreen,
});

function InteractionScreen() {
  return <ScreenIntro screen="interaction" icon={TouchAppOutlined} />;
}
