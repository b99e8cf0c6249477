import { createFileRoute, Outlet } from '@tanstack/react-router';
import { CenteredLayout } from '../components/layouts/centered-layout';
import { requireGuest } from '../lib/auth/guards';

/** Login-type pages: no sign-in needed (spec section 2, "Layouts"). */
export const Route = createFileRoute('/_centered')({
  beforeLoad: requireGuest,
  component: CenteredLayoutRoute,
});

function CenteredLayoutRoute() {
  return (
    <CenteredLayout>
      <Outlet />
    </CenteredLayout>
  );
}
