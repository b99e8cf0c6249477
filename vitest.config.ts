import { defineConfig } from 'vitest/config';

// One run for every unit and API test; each workspace has its own project config.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
