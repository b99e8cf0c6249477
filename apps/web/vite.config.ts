import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [
    // The router plugin must run before the React plugin: it rewrites route files into
    // lazily loaded chunks, one per screen (spec section 2: "most screens load on demand").
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // A screen's loader travels with its component: data fetching code (API client, zod
        // schemas) then stays out of the route tree that every first load includes.
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
      // Absolute paths, so the generator finds the routes whatever the working directory.
      routesDirectory: fromHere('./src/routes'),
      generatedRouteTree: fromHere('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
  ],
  resolve: {
    // `source` makes @livent/shared resolve to its TypeScript source (no prebuild needed).
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // @livent/shared only declares constants, plans and schemas. Declaring it free of side
        // effects keeps the zod schemas the first screen does not use out of the first load
        // (ARCHITECTURE.md, "Performance budgets": /login <= 180 KB gzip JS).
        // Other modules keep their own package.json `sideEffects` hints.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
