import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../components/page/screen-intro';
import { requireFeature } from '../../lib/auth/guards';

export const Route = createFileRoute('/_default/enterprise')({
  staticData: { titleKey: 'enterprise' },
  beforeLoad: () => requireFeature('ENTERPRISE_ADMIN'),
  component: EnterpriseScreen,
});

function EnterpriseScreen() {
  return <ScreenIntro screen="enterprise" icon={BusinessOutlined} />;
}
