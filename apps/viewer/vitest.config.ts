import { defineProject } from 'vitest/config';

// The page script runs against a DOM of its own (happy-dom), as the web app's tests do.
export default defineProject({
  test: {
    name: 'viewer',
    environment: 'happy-dom',
    include: ['src/**/*.test.ts'],
  },
});
