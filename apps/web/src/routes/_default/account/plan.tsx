import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/account/plan')({
  staticData: { titleKey: 'plan' },
  component: PlanScreen,
});

function PlanScreen() {
  return <ScreenIntro screen="plan" icon={WorkspacePremiumOutlined} />;
}
