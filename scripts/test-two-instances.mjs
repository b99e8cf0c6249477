// `npm run test:two-instances`: every server test file that builds the app on the test database,
// run against two server processes behind a round-robin proxy on one PostgreSQL database
// (TEST_INSTANCES=2; apps/server/src/test/two-instances/). Needs TEST_DATABASE_URL, as the
// PostgreSQL tier does.
// File arguments replace the list of files; options (`--…`) go to Vitest.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { databaseTestFiles } from './test-files.mjs';

if (!process.env.TEST_DATABASE_URL) {
  console.error(
    'TEST_DATABASE_URL is not set: two instances share a PostgreSQL database (README, "Test it").',
  );
  process.exit(1);
}
/**
 * The database test files that build the app (`buildTestApp`, or two instances themselves);
 * the others (a harness starting servers of its own, a repository against the database) would
 * only repeat the PostgreSQL tier.
 */
function appTestFiles() {
  return databaseTestFiles().filter((file) =>
    /\bbuild(TwoInstance)?TestApp\b/.test(readFileSync(file, 'utf8')),
  );
}

const args = process.argv.slice(2);
const files = args.filter((arg) => !arg.startsWith('-'));
const options = args.filter((arg) => arg.startsWith('-'));
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'server',
    ...options,
    ...(files.length > 0 ? files : appTestFiles()),
  ],
  { stdio: 'inherit', env: { ...process.env, TEST_DB: 'postgres', TEST_INSTANCES: '2' } },
);
process.exit(result.status ?? 1);
