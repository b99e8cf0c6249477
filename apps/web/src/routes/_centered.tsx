import { createFileRoute, Outlet } from '@tanstack/react-router';
import { CenteredLayout } from '../components/layouts/centered-layout';
import { loadNamespaces } from '../lib/i18n/i18n';

/**
 * Login-type pages (docs/product-spec.md section 2, "Layouts"). The guest guard sits on the guest pages
 * themselves: /verify-email and /logout are reachable while signed in.
 */
export const Route = createFileRoute('/_centered')({
  beforeLoad: () => loadNamespaces('auth'),
  component: CenteredLayoutRoute,
});

function CenteredLayoutRoute() {
  return (
    <CenteredLayout>
      <Outlet />
    </CenteredLayout>
  );
}
