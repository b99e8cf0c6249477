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
      output: {
        codeSplitting: {
          // What every screen needs to start, in one chunk: it compresses better than many small
          // shared chunks and stays cached across deploys that change only screens (ADR 009).
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-is|use-sync-external-store|@emotion|stylis|hoist-non-react-statics|@mui[\\/](system|styled-engine|utils|private-theming)|@tanstack[\\/](react-router|router-core|history|store|react-store)|i18next|react-i18next)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
