import GroupOutlined from '@mui/icons-material/GroupOutlined';
import { createFileRoute } from '@tanstack/react-router';
import { ScreenIntro } from '../../../components/page/screen-intro';

export const Route = createFileRoute('/_default/account/permissions')({
  staticData: { titleKey: 'permissions' },
  component: PermissionsScreen,
});

function PermissionsScreen() {
  return <ScreenIntro screen="permissions" icon={GroupOutlined} />;
}
