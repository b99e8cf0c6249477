import GavelOutlined from '@mui/icons-material/GavelOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/events/$eventid/compliance')({
  staticData: { titleKey: 'compliance' },
  component: ComplianceScreen,
});

function ComplianceScreen() {
  return <ScreenIntro screen="compliance" icon={GavelOutlined} />;
}
