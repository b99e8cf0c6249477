// Which server test files each extra tier runs (scripts/test.mjs, scripts/test-two-instances.mjs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SERVER_SRC = 'apps/server/src';

/**
 * The server's test files that run against the test database (`buildTestApp`,
 * `createTestDatabase`, `migratedTestDatabase`) or ask for PostgreSQL themselves (`TEST_DB`):
 * only these change with the dialect, so only these run a second time on PostgreSQL. Pure unit
 * tests and the ones that start the server with their own SQLite file would only repeat.
 */
export function databaseTestFiles(root = SERVER_SRC) {
  const uses = /\b(buildTestApp|createTestDatabase|migratedTestDatabase|TEST_DB)\b/;
  return readdirSync(root, { recursive: true })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => join(root, file))
    .filter((file) => uses.test(readFileSync(file, 'utf8')))
    .sort();
}

/**
 * The files CI runs on two instances behind a proxy (TEST_INSTANCES=2): the state an instance
 * keeps for itself — sessions and their cache, access tokens, the abuse limits, live message
 * streams, statistics batches, the events list cache, public page access, shared events —
 * is what two instances can get wrong. The whole suite that way: `npm run test:two-instances`.
 */
const TWO_INSTANCE_CI = [
  'modules/auth/auth.routes.test.ts',
  'modules/auth/abuse-limits.test.ts',
  'modules/account/account.routes.test.ts',
  'modules/events/events-list-cache.test.ts',
  'modules/events/events.routes.test.ts',
  'modules/messages/messages.routes.test.ts',
  'modules/messages/live/stream.routes.test.ts',
  'modules/messages/live/two-instances.test.ts',
  'modules/public/viewer-api/viewer-messages.routes.test.ts',
  'modules/public/viewer-api/live.routes.test.ts',
  'modules/public/viewer-api/live-two-instances.test.ts',
  'modules/polls/polls.routes.test.ts',
  'modules/public/gates/code-gate.routes.test.ts',
  'modules/registrations/registration-gate.routes.test.ts',
  'modules/stats/two-instances.test.ts',
  'modules/permissions/permissions.routes.test.ts',
  'test/two-instances/limits.test.ts',
];

/** Those of {@link TWO_INSTANCE_CI} that exist (a file not written yet is left out). */
export function twoInstanceCiFiles(root = SERVER_SRC) {
  return TWO_INSTANCE_CI.map((file) => join(root, file)).filter((file) => existsSync(file));
}
