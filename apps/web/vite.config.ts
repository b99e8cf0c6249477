import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * The sign-in screen is most visits' first screen. Its lazy chunks (the centered layout, the
 * form, their imports) and the English texts it shows would load one after another once the app
 * has started; preloaded from index.html they arrive with the app instead. They are a few
 * kilobytes, which other first screens fetch in parallel without waiting on them (ADR 022).
 */
const FIRST_SCREEN_MODULES = [
  /[\\/]routes[\\/]_centered\.tsx/,
  /[\\/]routes[\\/]_centered[\\/]login\.tsx/,
  /[\\/]locales[\\/]en[\\/](common|auth)\.json$/,
];

function preloadFirstScreen(): Plugin {
  return {
    name: 'livent:preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const files = new Set<string>();
        const add = (fileName: string) => {
          const chunk = byName.get(fileName);
          if (!chunk || files.has(fileName) || chunk.isEntry) return;
          files.add(fileName);
          chunk.imports.forEach(add);
        };
        for (const chunk of chunks) {
          const id = chunk.facadeModuleId ?? '';
          if (FIRST_SCREEN_MODULES.some((pattern) => pattern.test(id))) add(chunk.fileName);
        }
        const links = [...files].filter((file) => !html.includes(`/${file}"`));
        return {
          html,
          tags: links.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

export default defineConfig({
  plugins: [
    // The router plugin must run before the React plugin: it rewrites route files into
    // lazily loaded chunks, one per screen (docs/product-spec.md section 2: "most screens load on demand").
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
    preloadFirstScreen(),
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
    modulePreload: {
      // Every browser the dashboard supports has <link rel=modulepreload>.
      polyfill: false,
      // The entry's files are preloaded from index.html. The lists of each lazy chunk's files
      // are left out: they were kilobytes on every first load (ADR 009); lazy screens still
      // load on hover or focus (`defaultPreload: 'intent'`), where their imports follow.
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'html' ? dependencies : [],
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first load needs in few chunks: one stream compresses better than many
          // small ones (ADR 009). `$initial` keeps modules that only lazy screens use out of them.
          groups: [
            {
              // Libraries: stay cached across deploys that change only the app.
              name: 'framework',
              tags: ['$initial'],
              test: /[\\/]node_modules[\\/]/,
            },
            // The app's own start: route tree, guards, session, API client, i18n, layouts' shell.
            { name: 'app', tags: ['$initial'] },
            {
              // The field components every form screen needs, in one chunk; zod and the schemas
              // load when a form first validates. react-hook-form stays out of it: the sign-in
              // form, the first load of most visits, does without it (ADR 022).
              name: 'forms',
              test: /[\\/]src[\\/](components|lib)[\\/]forms[\\/](form-field|form-alert|text-input-field|password-field|field-styles|lazy-resolver|messages|report-error)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
