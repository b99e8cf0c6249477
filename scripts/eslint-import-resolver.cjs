// @ts-check
/**
 * eslint-plugin-import's resolver for this repository's TypeScript (ADR 037): Node's resolution,
 * except that a relative import of `./x.js` finds `./x.ts` or `./x.tsx` first, as TypeScript's
 * own resolution does (the server, shared, e2e and bench import their sources by the name of the
 * built file). eslint.config.js names this file in `import/resolver`.
 */
const { createRequire } = require('node:module');

// The Node resolver that eslint-plugin-import itself depends on.
const node = createRequire(require.resolve('eslint-plugin-import'))('eslint-import-resolver-node');

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'];

exports.interfaceVersion = 2;

/**
 * @param {string} source
 * @param {string} file
 */
exports.resolve = function resolve(source, file) {
  if (source.startsWith('.') && source.endsWith('.js')) {
    const stem = source.slice(0, -'.js'.length);
    for (const extension of ['.ts', '.tsx']) {
      const typescript = node.resolve(`${stem}${extension}`, file, { extensions: [] });
      if (typescript.found) return typescript;
    }
  }
  return node.resolve(source, file, { extensions: EXTENSIONS });
};
