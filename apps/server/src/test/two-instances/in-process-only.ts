import { relative } from 'node:path';

/**
 * The tests that do not run against two server processes (TEST_INSTANCES=2), and why. Most reach
 * into the app in the test's own process: its services, its log, its routes as registered, its
 * lifecycle, or routes the test adds. Everything else runs unchanged through the proxy. A whole
 * file (no `test`) is left out of the run; a test is skipped with its reason printed.
 */
export interface InProcessOnly {
  /** Relative to apps/server. */
  file: string;
  /** The test's name; absent: the whole file. */
  test?: RegExp;
  reason: string;
}

const ROUTES = 'collects the routes as the app registers them (onRoute)';
const LOG = "reads the app's log lines (logStream)";
const THROWAWAY = 'adds throwaway routes to the app (apiPlugins)';

export const IN_PROCESS_ONLY: InProcessOnly[] = [
  { file: 'src/test/authorization.test.ts', reason: ROUTES },
  { file: 'src/test/fuzz/fuzz.test.ts', reason: ROUTES },
  {
    file: 'src/test/response-contract.test.ts',
    reason: `${THROWAWAY}; the check of the answers runs in the process that serves them`,
  },
  {
    file: 'src/test/api-schema.test.ts',
    reason: 'compares the document of an app built as npm start builds it, without the proxy',
  },
  { file: 'src/lib/error-handler.test.ts', reason: `${THROWAWAY}; ${LOG}` },
  { file: 'src/lib/rate-limit.test.ts', reason: THROWAWAY },
  { file: 'src/lib/request-log.test.ts', reason: LOG },
  {
    file: 'src/modules/public/page/page-fast-path.routes.test.ts',
    reason:
      "listens on the app's own HTTP server, where the cached page is answered before Fastify",
  },
  { file: 'src/ops/log-secrets.test.ts', reason: LOG },
  { file: 'src/lib/logger.test.ts', test: /to the log/, reason: LOG },
  { file: 'src/modules/auth/auth-delivery.test.ts', test: /log/, reason: LOG },
  {
    file: 'src/lib/security-headers.test.ts',
    test: /opt out for headers of its own/,
    reason: THROWAWAY,
  },
  {
    file: 'src/modules/health/health.routes.test.ts',
    test: /database is gone|shutdown began/,
    reason: "closes the app's own database handle or marks its shutdown in process",
  },
  {
    file: 'src/modules/events/event-access.test.ts',
    test: /owner the event|refuses|accepted permission the role shared/,
    reason: 'calls the sessions service in process',
  },
  {
    file: 'src/modules/domains/domains.routes.test.ts',
    reason: 'stops the domains worker in process and runs its rounds itself',
  },
  {
    file: 'src/modules/stats/stats.routes.test.ts',
    reason:
      "flushes the statistics collector in process (two instances' statistics: stats/two-instances.test.ts)",
  },
  {
    file: 'src/modules/stats/stats-collector.test.ts',
    reason: 'drives the statistics collector in process',
  },
  {
    file: 'src/modules/billing/billing-worker.test.ts',
    reason: 'drives the billing worker in process',
  },
  {
    file: 'src/modules/billing/billing.routes.test.ts',
    reason:
      "drives the sandbox billing provider and the billing worker in process (the webhooks' lease across instances: billing-worker.test.ts)",
  },
  {
    file: 'src/modules/auth/refresh-logout-race.test.ts',
    reason: "mocks a repository module in the test's process (vi.mock)",
  },
  {
    file: 'src/modules/registrations/registrations.routes.test.ts',
    reason: 'seeds its registrations through the registrations service in process',
  },
  {
    file: 'src/modules/auth/auth.routes.test.ts',
    test: /wrong password and an unknown email identically/,
    reason: 'spies on the password service in process',
  },
  {
    file: 'src/modules/messages/messages.routes.test.ts',
    test: /export whose read fails/,
    reason: "makes the app's database reads fail in process (vi.spyOn)",
  },
  {
    file: 'src/modules/invitations/invitation-mails.routes.test.ts',
    test: /once the worker sent them/,
    reason: 'waits for the mail worker in process',
  },
  {
    file: 'src/modules/public/viewer-api/viewer-messages.routes.test.ts',
    test: /wakes the live feed|counts one vote per viewer/,
    reason: 'spies on the live feed in process',
  },
  {
    file: 'src/modules/logins/logins.routes.test.ts',
    test: /records a single sign-on/,
    reason: 'calls the single sign-on service in process',
  },
  {
    file: 'src/modules/messages/live/stream.routes.test.ts',
    test: /missed more than the log replays/,
    reason: "reads the live feed's position in process",
  },
  ...perInstanceByDesign(),
];

/**
 * Tests of what stays per instance on purpose (ADR 034), which a second instance cannot show:
 * listed so that the rest runs. (What instances keep in memory of users and sessions,
 * invitations, registrations and custom domains, they drop at once when another instance
 * changes it: lib/change-notices.ts.)
 */
function perInstanceByDesign(): InProcessOnly[] {
  return [
    {
      file: 'src/modules/public/page/page.routes.test.ts',
      test: /serves the cached page until the version changes/,
      reason:
        "per instance by design: it shows one instance's page cache serving the old page until it revalidates (REVALIDATE_MS, public-events.ts); the other instance, with nothing cached, reads the new one",
    },
    {
      file: 'src/modules/messages/live/stream.routes.test.ts',
      test: /limits open streams per account/,
      reason:
        "per instance by design: open streams per account are limited by each instance (message-streams.ts, maxPerKey), since what they cost is each instance's memory and connections",
    },
    {
      file: 'src/modules/messages/live/streams-per-address.test.ts',
      test: /caps .*streams per address/,
      reason:
        "per instance by design: open streams per client address are limited by each instance (lib/live-hub/live-hub.ts, MAX_STREAMS_PER_ADDRESS), since what they cost is each instance's memory and connections",
    },
  ];
}

const ROOT = new URL('../../../', import.meta.url).pathname;

/** The reason a test runs in process only, or undefined. */
export function inProcessOnly(filepath: string, name: string): string | undefined {
  const file = relative(ROOT, filepath);
  return IN_PROCESS_ONLY.find((entry) => entry.file === file && entry.test?.test(name))?.reason;
}

/** The files left out whole. */
export const inProcessOnlyFiles = (): InProcessOnly[] =>
  IN_PROCESS_ONLY.filter((entry) => entry.test === undefined);
