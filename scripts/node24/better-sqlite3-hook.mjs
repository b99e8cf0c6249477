// Loaded with `--import` into every process of a Node 24 test run (scripts/node24/runtime.mjs):
// the project's better-sqlite3 (a native module built by `npm ci` for Node 20's ABI, and a major
// version that aborts Node 24) is swapped for the one in the cache directory, which comes as this
// file's `?to=` query. It rides in NODE_OPTIONS alone, so that a test which starts a server with
// a fresh environment needs to pass on only that. Everything else resolves as usual.
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const to = new URL(import.meta.url).searchParams.get('to');
if (to) {
  const fromUrl = `${pathToFileURL(join(import.meta.dirname, '../../node_modules/better-sqlite3')).href}/`;
  const toUrl = `${pathToFileURL(to).href}/`;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      return resolved.url.startsWith(fromUrl)
        ? { ...resolved, url: toUrl + resolved.url.slice(fromUrl.length) }
        : resolved;
    },
  });
}
