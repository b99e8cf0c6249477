import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCrashHarness } from './crash-harness.js';

// The short version of `npm run crash-test` (scripts/crash-harness.mjs, 20 rounds): the server
// from its sources, killed with SIGKILL three times (twice on PostgreSQL) while it takes writes.
describe('crash durability', () => {
  it('keeps every acknowledged write across kill -9 and leaves the database intact', async () => {
    const result = await runCrashHarness({
      // Server starts dominate the cost; PostgreSQL's are slower.
      rounds: process.env.TEST_DB === 'postgres' ? 2 : 3,
      command: [process.execPath, '--conditions=source', '--import', 'tsx', 'src/main.ts'],
      cwd: join(import.meta.dirname, '..', '..'),
      postgresUrl: process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
      killAfterMs: [200, 600],
      writers: { messages: 3, registrations: 1, settings: 1 },
    });

    expect(result.missing).toEqual([]);
    expect(result.kills).toBe(process.env.TEST_DB === 'postgres' ? 2 : 3);
    // Writes were acknowledged, or the harness proved nothing.
    expect(result.messages.acknowledged).toBeGreaterThan(0);
    expect(result.registrations.acknowledged).toBeGreaterThan(0);
    expect(result.settings.acknowledged).toBeGreaterThan(0);
    expect(result.messages.found).toBe(result.messages.acknowledged);
    expect(result.registrations.found).toBe(result.registrations.acknowledged);
    expect(result.settings.lastValuePresent).toBe(true);
    expect(result.integrity).toBe(process.env.TEST_DB === 'postgres' ? 'n/a' : 'ok');
    expect(result.ok).toBe(true);
  }, 240_000);
});
