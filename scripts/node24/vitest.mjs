// Vitest on Node 24 (scripts/node24/runtime.mjs installs it and a better-sqlite3 for it when
// missing): `node scripts/node24/vitest.mjs run [files and options]`, as `npx vitest` takes them.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { nodeLts } from './runtime.mjs';

const runtime = nodeLts();
console.log(`Vitest on Node ${runtime.version}`);
const vitest = join(resolve(import.meta.dirname, '../..'), 'node_modules', 'vitest', 'vitest.mjs');
const result = spawnSync(runtime.node, [vitest, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ...runtime.env },
});
process.exit(result.status ?? 1);
