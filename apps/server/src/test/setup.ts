import { format } from 'node:util';
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

// Any console.error during a test fails it (docs/architecture.md, "Conventions"): errors that are
// only printed are errors nobody sees.
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = consoleError.mock.calls.map((args) => format(...args));
  consoleError.mockRestore();
  expect(calls, 'console.error was called during the test').toEqual([]);
});
