// `npm run crash-test [-- --rounds 20]`: the crash durability harness (docs/decisions/032-operations.md,
// apps/server/src/ops/crash-harness.ts, run from its source). The production server
// (apps/server/dist/main.js) on a temporary SQLite file, and on a fresh PostgreSQL database too
// when TEST_DATABASE_URL is set, gets concurrent writes and `kill -9` at random moments;
// afterwards every acknowledged write must be stored and the database intact. Exits non-zero
// otherwise.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { WORKSPACES, isStale } from './build-state.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    'min-ms': { type: 'string', default: '300' },
    'max-ms': { type: 'string', default: '2000' },
  },
});
const rounds = Number(values.rounds);
const killAfterMs = [Number(values['min-ms']), Number(values['max-ms'])];
if (
  !Number.isInteger(rounds) ||
  rounds < 1 ||
  killAfterMs.some((ms) => !(ms >= 0)) ||
  killAfterMs[0] > killAfterMs[1]
) {
  console.error('Usage: npm run crash-test -- [--rounds N] [--min-ms MS] [--max-ms MS]');
  process.exit(2);
}

// Only what the server needs, as `npm start` would build it.
for (const workspace of WORKSPACES.filter((w) =>
  ['packages/shared', 'apps/server'].includes(w.name),
)) {
  if (!isStale(workspace)) continue;
  console.log(`Building ${workspace.name} …`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace.name], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const root = fileURLToPath(new URL('..', import.meta.url));
// The harness is a tool, not part of the production build: it runs from its source through tsx.
const { runCrashHarness } = await tsImport(
  '../apps/server/src/ops/crash-harness.ts',
  import.meta.url,
);
const targets = [
  undefined,
  ...(process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : []),
];
let failed = false;
for (const postgresUrl of targets) {
  console.log(
    `\n${postgresUrl ? 'PostgreSQL' : 'SQLite'}: ${rounds} rounds, kill -9 ${killAfterMs[0]}–${killAfterMs[1]} ms after the first writes of each round`,
  );
  const result = await runCrashHarness({
    rounds,
    command: [process.execPath, 'apps/server/dist/main.js'],
    cwd: root,
    postgresUrl,
    killAfterMs,
    log: (line) => console.log(`  ${line}`),
  });
  console.log(
    [
      `  kills: ${result.kills}`,
      `  messages acknowledged ${result.messages.acknowledged}, found ${result.messages.found}`,
      `  registrations acknowledged ${result.registrations.acknowledged}, found ${result.registrations.found}`,
      `  settings acknowledged ${result.settings.acknowledged}, last value stored: ${result.settings.lastValuePresent ? 'yes' : 'NO'}`,
      `  integrity_check: ${result.integrity}`,
      `  ${result.ok ? 'OK: every acknowledged write survived' : `FAILED: ${result.missing.length} acknowledged writes missing`}`,
    ].join('\n'),
  );
  if (!result.ok) {
    failed = true;
    for (const missing of result.missing.slice(0, 20)) console.log(`    missing: ${missing}`);
  }
}
process.exit(failed ? 1 : 0);
