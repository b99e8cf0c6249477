import LayersOutlined from '@mui/icons-material/LayersOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/channels/')({
  staticData: { titleKey: 'channels' },
  component: ChannelsScreen,
});

function ChannelsScreen() {
  return <ScreenIntro screen="channels" icon={LayersOutlined} />;
}
