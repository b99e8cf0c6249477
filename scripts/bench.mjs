// `npm run bench`: builds what is stale, then runs each benchmark in bench/ one after another.
// Each prints its own ratios against a baseline measured in the same run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { WORKSPACES, isStale } from './build-state.mjs';

if (WORKSPACES.some((workspace) => isStale(workspace))) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const only = process.argv[2];
const benches = readdirSync('bench').filter(
  (f) => f.endsWith('.bench.ts') && (!only || f.includes(only)),
);
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
