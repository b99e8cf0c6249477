import SignpostOutlined from '@mui/icons-material/SignpostOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/navigation')({
  staticData: { titleKey: 'navigation' },
  component: NavigationScreen,
});

function NavigationScreen() {
  return <ScreenIntro screen="navigation" icon={SignpostOutlined} />;
}
