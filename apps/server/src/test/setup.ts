import { format } from 'node:util';
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';
import { responseMismatches } from './response-contract.js';

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

// Every API answer of the test matches the served OpenAPI document (test/response-contract.ts).
afterEach(() => {
  const mismatches = responseMismatches.splice(0);
  expect(mismatches, 'answers that the OpenAPI document does not describe (ADR 039)').toEqual([]);
});
