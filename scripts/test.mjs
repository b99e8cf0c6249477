// `npm test`: every tier — static checks, unit and API tests (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), then end-to-end tests in Chromium against the production build. In
// CI (or with TEST_NODE24=1) also: the server's unit and API tests on Node 24 (with PostgreSQL
// there too, the server's tests then run once per runtime: SQLite on Node 24, PostgreSQL on
// Node 20); with TEST_TWO_INSTANCES=1 also the API tests about state kept per instance on two
// instances.
// Ends with one line `N passed, N failed, N skipped` and exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { e2ePortEnvironment } from './e2e-ports.mjs';
import { nodeLts } from './node24/runtime.mjs';
import { databaseTestFiles, twoInstanceCiFiles } from './test-files.mjs';

const tmp = '.tmp/test-results';
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test by name, printed again at the end: CI shows only the end of the output. */
const failedTests = [];

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
    steps.map(([label, command, args]) => checkAtOnce(label, command, args)),
  );
  for (const result of results) {
    printCheck(result);
    record(result.label, result.ok);
  }
}

/** One step started in the background; its output is kept for {@link printCheck}. */
function checkAtOnce(label, command, args) {
  return new Promise((resolve) => {
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
  });
}

function printCheck({ label, command, args, output }) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  process.stdout.write(Buffer.concat(output));
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

function vitestArgs(args, output) {
  return ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`];
}

function vitest(label, args, env, output, [command, ...prefix] = ['npx', 'vitest']) {
  const ok = run(label, command, [...prefix, ...vitestArgs(args, output)], env);
  recordVitest(label, ok, output);
}

/**
 * A Vitest tier started in the background, its output kept until {@link printCheck}. Side by
 * side, the PostgreSQL and Node 24 tiers took 283 s against 289 s one after the other in CI: both
 * keep two cores busy, so this saves little; it lets the Node 24 tier start as soon as its
 * runtime is installed.
 */
function vitestAtOnce(label, args, env, output, [command, ...prefix] = ['npx', 'vitest']) {
  const shown = [...prefix, ...vitestArgs(args, output)];
  return new Promise((resolve) => {
    const child = spawn(command, shown, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...env },
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => {
      chunks.push(Buffer.from(String(error)));
      resolve({ label, command, args: shown, ok: false, output: chunks, report: output });
    });
    child.on('close', (code) =>
      resolve({ label, command, args: shown, ok: code === 0, output: chunks, report: output }),
    );
  });
}

function recordVitest(label, ok, output) {
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
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failedTests.push(`${label}: ${file.name} › ${test.fullName}`);
    }
    // A file that failed to load has no results but a message.
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
      failedTests.push(`${label}: ${file.name} › ${String(file.message).split('\n')[0]}`);
    }
  }
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
 * The current Node LTS (README, "Test it"): in CI or with TEST_NODE24=1. Its download into a
 * cache directory (seconds, the first time on a machine) starts now, beside the build and the
 * checks, and is awaited before its tier.
 */
const withNodeLts = Boolean(process.env.CI) || process.env.TEST_NODE24 === '1';
const nodeLtsReady = withNodeLts
  ? checkAtOnce('Node 24', 'node', ['scripts/node24/runtime.mjs'])
  : undefined;

/**
 * Two instances behind a proxy (TEST_INSTANCES=2): with TEST_TWO_INSTANCES=1. CI leaves it out to
 * stay within its 20 minutes; the cross-instance tests themselves (two-instances/limits, the live
 * messages' and statistics' two-instances tests) run in the PostgreSQL tier (docs/quality.md).
 */
const withTwoInstances = process.env.TEST_TWO_INSTANCES === '1';

if (!run('build', 'npm', ['run', 'build'])) {
  record('build', false);
} else {
  await checksAtOnce([
    ['typecheck', 'npm', ['run', 'typecheck']],
    ['lint', 'npm', ['run', 'lint']],
  ]);
  // With PostgreSQL and the current Node LTS both there (CI), every server test runs on each
  // runtime once without repeating a tier: on Node 20 all of them with PostgreSQL (the pure unit
  // tests just run), on Node 24 all of them with SQLite. Otherwise each tier runs everything.
  const split = Boolean(nodeLtsReady && process.env.TEST_DATABASE_URL);
  vitest(
    split ? 'dashboard, viewer script and shared unit tests' : 'unit and API tests (SQLite)',
    split
      ? ['--project', 'web', '--project', 'shared', '--project', 'viewer', '--project', 'bench']
      : [],
    {},
    `${tmp}/vitest.json`,
  );
  // The PostgreSQL tier and the server's tests on the current Node LTS run side by side
  // (vitestAtOnce); each one's output is printed whole when both are done.
  const besides = [];
  if (process.env.TEST_DATABASE_URL) {
    besides.push(
      vitestAtOnce(
        split ? 'server unit and API tests (PostgreSQL)' : 'API tests (PostgreSQL)',
        ['--project', 'server', ...(split ? [] : databaseTestFiles())],
        { TEST_DB: 'postgres' },
        `${tmp}/vitest-postgres.json`,
      ).then((result) => [result]),
    );
  } else {
    console.log('\nTEST_DATABASE_URL is not set: API tests run on SQLite only.');
  }
  if (nodeLtsReady) {
    besides.push(
      nodeLtsReady.then((prepared) => {
        if (!prepared.ok) return [prepared];
        const lts = nodeLts();
        // What runs on Node in production; the dashboard's tests stay on Node 20 (README).
        return Promise.all([
          prepared,
          vitestAtOnce(
            `server and shared unit and API tests (SQLite) on Node ${lts.version}`,
            ['--project', 'server', '--project', 'shared'],
            lts.env,
            `${tmp}/vitest-node24.json`,
            [lts.node, 'node_modules/vitest/vitest.mjs'],
          ),
        ]);
      }),
    );
  }
  for (const result of (await Promise.all(besides)).flat()) {
    printCheck(result);
    if (result.report) recordVitest(result.label, result.ok, result.report);
    else record(result.label, result.ok);
  }
  if (process.env.TEST_DATABASE_URL && withTwoInstances) {
    // The files about state kept per instance; all of them: npm run test:two-instances.
    vitest(
      'API tests on two instances behind a proxy (PostgreSQL)',
      ['--project', 'server', ...twoInstanceCiFiles()],
      { TEST_DB: 'postgres', TEST_INSTANCES: '2' },
      `${tmp}/vitest-two-instances.json`,
    );
  }
  await playwright('end-to-end tests (Chromium)', `${tmp}/playwright.json`);
}

for (const test of failedTests) console.log(`✗ ${test}`);
if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
