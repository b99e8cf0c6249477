// Decides whether a workspace's build output is older than its sources, so that `npm start`
// builds only what is not built (docs/architecture.md, "Contracts").
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The workspaces in build order, each with its sources and the file its build writes last. */
export const WORKSPACES = [
  { name: 'packages/shared', sources: ['src', 'tsconfig.json'], output: 'dist/index.js' },
  { name: 'apps/server', sources: ['src', 'tsconfig.json'], output: 'dist/main.js' },
  { name: 'apps/viewer', sources: ['src', 'build.mjs'], output: 'dist/ivs.js' },
  {
    name: 'apps/web',
    sources: ['src', 'index.html', 'public', 'vite.config.ts', '../../packages/shared/src'],
    output: 'dist/index.html',
  },
];

export function isStale(workspace, root = process.cwd()) {
  const output = join(root, workspace.name, workspace.output);
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return workspace.sources.some(
    (source) => newestMtime(join(root, workspace.name, source)) > built,
  );
}
