// `npm test`: every tier — static checks, unit and API tests (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), then end-to-end tests in Chromium against the production build.
// Ends with one line `N passed, N failed, N skipped` and exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { e2ePortEnvironment } from './e2e-ports.mjs';

const tmp = '.tmp/test-results';
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...env },
  });
  return result.status === 0;
}

/** A step that is not a test runner counts as one check. */
function record(label, ok) {
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
}

/**
 * Steps that are not test runners, run at the same time: each is mostly one thread (tsc,
 * ESLint), so on two cores they take about as long as the longest alone. Each one's output is
 * printed whole when it ends, so the lines of two steps never interleave.
 */
async function checksAtOnce(steps) {
  const results = await Promise.all(
    steps.map(
      ([label, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, {
            stdio: ['ignore', 'pipe', 'pipe'],
            env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
          });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) =>
            resolve({ label, command, args, ok: false, output: [Buffer.from(String(error))] }),
          );
          child.on('close', (code) => resolve({ label, command, args, ok: code === 0, output }));
        }),
    ),
  );
  for (const { label, command, args, ok, output } of results) {
    console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
    process.stdout.write(Buffer.concat(output));
    record(label, ok);
  }
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

function vitest(label, args, env, output) {
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
    ],
    env,
  );
  const report = readJson(output);
  if (!report) {
    totals.failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  if (!ok) failures.push(label);
  if (!ok && report.numFailedTests === 0) totals.failed += 1; // a suite that failed to load
}

async function playwright(label, output) {
  // Free ports, so that a busy default port does not fail the tier before any test ran.
  const ports = await e2ePortEnvironment();
  const ok = run(label, 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
    ...ports,
  });
  const report = readJson(output);
  if (!report) {
    totals.failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  totals.passed += expected + flaky;
  totals.failed += unexpected;
  totals.skipped += skipped;
  if (!ok) failures.push(label);
  if (!ok && unexpected === 0) totals.failed += 1;
}

/**
 * The server's test files that run against the test database (`buildTestApp`,
 * `createTestDatabase`, `migratedTestDatabase`) or ask for PostgreSQL themselves (`TEST_DB`):
 * only these change with the dialect, so only these run a second time on PostgreSQL. Pure unit
 * tests and the ones that start the server with their own SQLite file would only repeat.
 */
function databaseTestFiles(root = 'apps/server/src') {
  const uses = /\b(buildTestApp|createTestDatabase|migratedTestDatabase|TEST_DB)\b/;
  return readdirSync(root, { recursive: true })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => join(root, file))
    .filter((file) => uses.test(readFileSync(file, 'utf8')))
    .sort();
}

if (!run('build', 'npm', ['run', 'build'])) {
  record('build', false);
} else {
  await checksAtOnce([
    ['typecheck', 'npm', ['run', 'typecheck']],
    ['lint', 'npm', ['run', 'lint']],
  ]);
  vitest('unit and API tests (SQLite)', [], {}, `${tmp}/vitest.json`);
  if (process.env.TEST_DATABASE_URL) {
    vitest(
      'API tests (PostgreSQL)',
      ['--project', 'server', ...databaseTestFiles()],
      { TEST_DB: 'postgres' },
      `${tmp}/vitest-postgres.json`,
    );
  } else {
    console.log('\nTEST_DATABASE_URL is not set: API tests ran on SQLite only.');
  }
  await playwright('end-to-end tests (Chromium)', `${tmp}/playwright.json`);
}

if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
