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

// `npm start` is production, always: what a self-hoster runs on a public server. The development
// aids (dev mailbox, one-time links in the log) stay off whatever the shell says, and libraries
// that read NODE_ENV (React's server renderer) take their production paths (ADR 019).
if (process.env.LIVENT_DEV_TOOLS) {
  console.warn(
    'LIVENT_DEV_TOOLS is ignored by npm start; development aids exist only under npm run dev.',
  );
  delete process.env.LIVENT_DEV_TOOLS;
}
process.env.NODE_ENV = 'production';

await import('../apps/server/dist/main.js');
