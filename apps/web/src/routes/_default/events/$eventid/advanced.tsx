import SettingsSuggestOutlined from '@mui/icons-material/SettingsSuggestOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/advanced')({
  staticData: { titleKey: 'advanced' },
  component: AdvancedScreen,
});

function AdvancedScreen() {
  return <ScreenIntro screen="advanced" icon={SettingsSuggestOutlined} />;
}
