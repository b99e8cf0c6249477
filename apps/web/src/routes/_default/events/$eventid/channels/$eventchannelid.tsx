import LiveTvOutlined from '@mui/icons-material/LiveTvOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/channels/$eventchannelid')({
  staticData: { titleKey: 'channel' },
  component: ChannelScreen,
});

function ChannelScreen() {
  return <ScreenIntro screen="channel" icon={LiveTvOutlined} />;
}
