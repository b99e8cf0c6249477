import { createFileRoute } from '@tanstack/react-router';
import { healthQueryOptions } from '../../features/system/api/health-query';
import { SystemCheck } from '../../features/system/components/system-check';

/**
 * The system check. Its loader fetches `GET /api/health`; a failed call throws, so the generic
 * error page shows (the e2e tests use this to exercise the error page).
 */
export const Route = createFileRoute('/_default/test')({
  staticData: { titleKey: 'systemCheck' },
  loader: ({ context }) => context.queryClient.fetchQuery(healthQueryOptions()),
  component: SystemCheck,
});
