import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/general')({
  staticData: { titleKey: 'general' },
  component: GeneralScreen,
});

function GeneralScreen() {
  return <ScreenIntro screen="general" icon={TuneOutlined} />;
}
