// `npm start`: builds what is not built (or is older than its sources), then runs the server,
// which migrates the database and serves the dashboard, the API and the public pages on one port.
import { spawnSync } from 'node:child_process';
import { WORKSPACES, isStale } from './build-state.mjs';

const stale = WORKSPACES.filter((workspace) => isStale(workspace));
if (stale.length > 0) {
  console.log(`Building ${stale.map((w) => w.name).join(', ')} …`);
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../apps/server/dist/main.js');
