import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run for every unit and API test; each workspace has its own project config.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'apps/viewer', 'bench'],
    // Vitest runs one worker fewer than there are cores, which on the project's 2-core machines
    // is one file at a time. The API tests mostly wait (SQLite files, PostgreSQL round trips,
    // SMTP, timers), and each file has a database of its own (test/test-app.ts), so two run side
    // by side on two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
