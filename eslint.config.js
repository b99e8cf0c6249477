// @ts-check
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
const webFeatures = readdirSync(`${root}${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
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
      'apps/web/src/routeTree.gen.ts',
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
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { import: importPlugin },
    settings: {
      // Relative imports resolve to files, so a path such as `../../channels/x` counts.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { basePath: root, zones: webBoundaryZones }],
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
