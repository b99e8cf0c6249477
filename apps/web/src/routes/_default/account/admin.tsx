import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/account/admin')({
  staticData: { titleKey: 'accountAdmin' },
  component: AccountAdminScreen,
});

function AccountAdminScreen() {
  return <ScreenIntro screen="accountAdmin" icon={AdminPanelSettingsOutlined} />;
}
