import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * "/" is where sign-in and guest redirects land (docs/product-spec.md section 2, "Redirects"). It forwards to
 * the events list, the organiser's working surface; /home stays reachable on its own.
 */
export const Route = createFileRoute('/_default/')({
  staticData: { titleKey: 'events' },
  beforeLoad: () => {
    throw redirect({ to: '/events', replace: true });
  },
});
