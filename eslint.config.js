// @ts-check
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * eslint-plugin-import, with `no-cycle` skipping a text linted as if it were a file that is not on
 * disk (`--stdin-filename`, an editor's unsaved file, the boundary tests' probes): no file
 * imports it, so it is in no cycle, and the rule as published (2.32) throws on such a path and
 * stops the whole run (ADR 037).
 */
const importRules = /** @type {Record<string, import('eslint').Rule.RuleModule>} */ (
  importPlugin.rules
);
const noCycle = importRules['no-cycle'];
const imports = {
  ...importPlugin,
  rules: {
    ...importRules,
    'no-cycle': {
      ...noCycle,
      create: (context) => (existsSync(context.physicalFilename) ? noCycle.create(context) : {}),
    },
  },
};

/** Code flows one way (docs/architecture.md, "Layout"): browser apps never import server code and back. */
const noServerInBrowser = {
  group: ['**/apps/server/**', '@livent/server', '@livent/server/**'],
  message: 'Browser apps never import server code; share it through packages/shared.',
};
const noBrowserInServer = {
  group: ['**/apps/web/**', '**/apps/viewer/**', '@livent/web', '@livent/web/**'],
  message: 'The server serves the built browser apps; it never imports their code.',
};

/**
 * The dashboard's boundaries (docs/architecture.md, "Layout"; ADR 022): a feature never imports another
 * feature, and the shared folders (`lib`, `components`) never import a feature; routes compose
 * features. Paths are resolved, so relative imports (`../../channels/...`) are caught as well.
 */
const WEB = 'apps/web/src';
// Zones are relative to this file, not to the directory ESLint was started in.
const root = fileURLToPath(new URL('.', import.meta.url));
/** The folders in `path` (from the root): each is a zone, so a new one is covered at once. */
const foldersIn = (/** @type {string} */ path) =>
  readdirSync(`${root}${path}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = foldersIn(`${WEB}/features`);
export const webBoundaryZones = [
  ...webFeatures.map((feature) => ({
    target: `./${WEB}/features/${feature}`,
    from: `./${WEB}/features`,
    except: [`./${feature}`],
    message:
      'A feature does not import another feature; compose them in a route, or move what both need to lib/ (ADR 022).',
  })),
  {
    target: [`./${WEB}/lib`, `./${WEB}/components`],
    from: `./${WEB}/features`,
    message: 'lib/ and components/ are shared by features and never import one (ADR 022).',
  },
];

/**
 * The server's module boundaries (ADR 037): a module reaches another module only through that
 * module's public face, its `index.ts`, and lib/ and db/ sit below every module and import none.
 * Within a module, files import each other freely. app.ts and services.ts, the composition root,
 * and the tests, which set up state across modules, are no module and stand outside the zones.
 */
const SERVER = 'apps/server/src';
const serverModules = foldersIn(`${SERVER}/modules`);
export const serverBoundaryZones = [
  ...serverModules.map((module) => ({
    target: `./${SERVER}/modules/${module}`,
    from: `./${SERVER}/modules`,
    except: [
      `./${module}`,
      ...serverModules.filter((other) => other !== module).map((other) => `./${other}/index.ts`),
    ],
    message:
      "A module imports another module only through that module's public face, modules/<name>/index.ts (ADR 037).",
  })),
  {
    target: [`./${SERVER}/lib`, `./${SERVER}/db`],
    from: `./${SERVER}/modules`,
    message: 'lib/ and db/ sit below every module and never import one (ADR 037).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // CommonJS, where eslint-plugin-import loads its resolver from.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/server/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noBrowserInServer] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/viewer/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noServerInBrowser] }],
    },
  },
  {
    // No import cycles anywhere (ADR 037). Imports resolve to files (scripts/eslint-import-resolver.cjs),
    // so a path such as `../../channels/x` counts; packages are not followed (`ignoreExternal`):
    // none of them imports this repository's files. The rule lets type-only imports go both ways
    // (they vanish at run time); ADR 037 asks to untie such circles all the same.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { import: imports },
    settings: {
      'import/resolver': { [`${root}scripts/eslint-import-resolver.cjs`]: {} },
      // The files whose imports the rule follows (its default is `.js` alone), and not those of
      // packages: reading them took nearly as much CPU time as all the rest of the lint.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import/ignore': ['node_modules'],
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    rules: {
      'import/no-restricted-paths': ['error', { basePath: root, zones: webBoundaryZones }],
    },
  },
  {
    files: [`${SERVER}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', `${SERVER}/test/**`],
    rules: {
      'import/no-restricted-paths': ['error', { basePath: root, zones: serverBoundaryZones }],
    },
  },
  {
    // Every user-facing string goes through i18next (English and German).
    // The server's JSX (public pages, emails) too: its texts live in apps/server/src/locales.
    files: ['apps/web/src/**/*.tsx', 'apps/server/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['label', 'title', 'aria-label', 'placeholder', 'alt'] },
        },
      ],
    },
  },
);
