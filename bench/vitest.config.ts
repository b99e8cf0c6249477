import { defineProject } from 'vitest/config';

// The benches' own helpers (the stream bench's SSE parser); the benches themselves run with
// `npm run bench`, never as tests.
export default defineProject({
  test: {
    name: 'bench',
    include: ['lib/**/*.test.ts'],
  },
});
