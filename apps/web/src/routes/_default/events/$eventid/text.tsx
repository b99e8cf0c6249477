import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/text')({
  staticData: { titleKey: 'text' },
  component: TextScreen,
});

function TextScreen() {
  return <ScreenIntro screen="text" icon={ArticleOutlined} />;
}
