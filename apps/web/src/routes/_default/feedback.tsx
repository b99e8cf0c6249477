import FeedbackOutlined from '@mui/icons-material/FeedbackOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../components/page/screen-intro';

export const Route = createFileRoute('/_default/feedback')({
  staticData: { titleKey: 'feedback' },
  component: FeedbackScreen,
});

function FeedbackScreen() {
  return <ScreenIntro screen="feedback" icon={FeedbackOutlined} />;
}
