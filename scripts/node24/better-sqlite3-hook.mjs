// Loaded with `--import` into every process of a Node 24 test run (scripts/node24/runtime.mjs):
// better-sqlite3 is a native module built for one Node ABI, so the project's copy (built for the
// Node that ran `npm ci`) is swapped for the one built for this Node, whose directory comes as
// this file's `?to=` query. It rides in NODE_OPTIONS alone, so that a test which starts a server
// with a fresh environment needs to pass on only that. Everything else resolves as usual.
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
