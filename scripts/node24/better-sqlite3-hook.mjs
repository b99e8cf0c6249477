// Loaded with `--import` into every process of a Node 24 test run (scripts/node24/runtime.mjs):
// better-sqlite3 is a native module built for one Node ABI, so the project's copy (built for the
// Node that ran `npm ci`) is swapped for the one built for this Node in the cache directory.
// Everything else resolves as usual.
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const from = process.env.LIVENT_BETTER_SQLITE3_FROM;
const to = process.env.LIVENT_BETTER_SQLITE3_TO;
if (from && to) {
  const fromUrl = `${pathToFileURL(from).href}/`;
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
