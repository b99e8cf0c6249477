import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/appearance')({
  staticData: { titleKey: 'appearance' },
  component: AppearanceScreen,
});

function AppearanceScreen() {
  return <ScreenIntro screen="appearance" icon={PaletteOutlined} />;
}
