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
    // A timeout only catches a test that hangs, never measures one. CI runs the PostgreSQL tier
    // and the Node 24 tier side by side on two cores, where tests that start servers, SMTP sinks
    // or child processes took over the default 5 s; on two instances each test app is also a
    // PostgreSQL database, its migration and two processes.
    testTimeout: twoInstances ? 30_000 : 15_000,
    hookTimeout: twoInstances ? 60_000 : 30_000,
  },
});
