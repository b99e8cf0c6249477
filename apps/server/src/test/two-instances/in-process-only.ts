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
  { file: 'src/lib/error-handler.test.ts', reason: `${THROWAWAY}; ${LOG}` },
  {
    file: 'src/lib/rate-limit.test.ts',
    reason: `${THROWAWAY}; the API-wide limit counts in each process's memory (lib/rate-limit.ts)`,
  },
  { file: 'src/lib/request-log.test.ts', reason: LOG },
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
    test: /owner the event|refuses/,
    reason: 'calls the sessions service in process',
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
];

const ROOT = new URL('../../../', import.meta.url).pathname;

/** The reason a test runs in process only, or undefined. */
export function inProcessOnly(filepath: string, name: string): string | undefined {
  const file = relative(ROOT, filepath);
  return IN_PROCESS_ONLY.find((entry) => entry.file === file && entry.test?.test(name))?.reason;
}

/** The files left out whole. */
export const inProcessOnlyFiles = (): InProcessOnly[] =>
  IN_PROCESS_ONLY.filter((entry) => entry.test === undefined);
