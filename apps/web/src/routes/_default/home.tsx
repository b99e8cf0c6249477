import { createFileRoute } from '@tanstack/react-router';
import { HomeStart } from '../../features/home/components/home-start';
import { useCurrentUser } from '../../lib/auth/use-auth';
import { loadNamespaces } from '../../lib/i18n/i18n';

export const Route = createFileRoute('/_default/home')({
  staticData: { titleKey: 'home' },
  loader: () => loadNamespaces('account'),
  component: HomeScreen,
});

function HomeScreen() {
  return <HomeStart user={useCurrentUser()} />;
}
