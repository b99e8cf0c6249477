import { configDefaults, defineProject } from 'vitest/config';
import { inProcessOnlyFiles } from './src/test/two-instances/in-process-only.js';

// `@livent/shared` exports its TypeScript under the `source` condition (ADR 001), so the tests
// run against its sources without a build. Vitest runs server code in Vite's SSR environment,
// which reads `ssr.resolve.conditions`; the rest are Vite's defaults for that environment.
const conditions = ['source', 'module', 'node', 'development|production'];

const twoInstances = process.env.TEST_INSTANCES === '2';

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    // Test files that need the app in their own process (src/test/two-instances/in-process-only.ts).
    exclude: [
      ...configDefaults.exclude,
      ...(twoInstances ? inProcessOnlyFiles().map((entry) => entry.file) : []),
    ],
    setupFiles: ['src/test/setup.ts', ...(twoInstances ? ['src/test/two-instances/setup.ts'] : [])],
    // Two server processes for the whole run, each building every test's instance (test-app.ts).
    globalSetup: twoInstances ? ['src/test/two-instances/global-setup.ts'] : [],
    // Each test app there is a PostgreSQL database, its migration and two instances: more than
    // the default 5 s on a busy two-core machine.
    ...(twoInstances ? { testTimeout: 30_000, hookTimeout: 60_000 } : {}),
  },
});
