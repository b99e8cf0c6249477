// Bundles the viewer scripts into dist/ (served by the server under /_livent/, ADR 017).
import { build } from 'esbuild';

const common = {
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2020'],
  legalComments: 'none',
  logLevel: 'warning',
};
await build({ ...common, entryPoints: ['src/viewer.ts'], outfile: 'dist/viewer.js' });
// The Amazon IVS player is large; only pages in that player mode load it.
await build({ ...common, entryPoints: ['src/ivs.ts'], outfile: 'dist/ivs.js' });
