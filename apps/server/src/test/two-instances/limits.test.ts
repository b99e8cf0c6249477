import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abuseLimits } from '../../lib/abuse-limits.js';
import { registration } from '../accounts.js';
import { testClock } from '../clock.js';
import { dashboardHost } from '../test-environment.js';
import { call, stopOwnHosts } from './hosts.js';
import { buildTwoInstanceTestApp, type TwoInstanceTestApp } from './two-instance-app.js';

const notPostgres = process.env.TEST_DB !== 'postgres';

// The two server processes (hosts) serve both apps of this file.
afterAll(async () => stopOwnHosts(), 30_000);

/**
 * The abuse limits count in the database (ADR 011), so a limit of N holds for the sum of what
 * two instances on one PostgreSQL database saw (docs/architecture.md, "Scale-out").
 */
describe.skipIf(notPostgres)(
  'abuse limits across two server instances (PostgreSQL only, TEST_DB=postgres)',
  () => {
    let testApp: TwoInstanceTestApp;

    beforeAll(async () => {
      testApp = await buildTwoInstanceTestApp(
        {},
        { abuseLimits: abuseLimits({ registerPerAddress: 4 }) },
      );
    }, 90_000);

    afterAll(async () => testApp?.cleanup(), 30_000);

    it('refuses the fifth sign-up from one address when four were spread over both instances', async () => {
      const [a, b] = testApp.instances;
      const signUp = (base: string) =>
        call(base, 'POST', '/api/auth/register', {
          headers: dashboardHost(testApp),
          json: registration(),
        });
      for (const instance of [a, b, a, b]) {
        const answer = await signUp(instance.base);
        expect(answer.status, answer.body).toBe(201);
      }
      for (const instance of [a, b]) {
        const refused = await signUp(instance.base);
        expect(refused.status, refused.body).toBe(429);
      }
    }, 30_000);
  },
);

/**
 * The API-wide limit leases chunks of each client's window from a counter in the database
 * (lib/shared-rate-limit-store.ts, ADR 033), so RATE_LIMIT_MAX holds for both instances together.
 */
describe.skipIf(notPostgres)(
  'the API-wide rate limit across two server instances (PostgreSQL only, TEST_DB=postgres)',
  () => {
    const max = 20;
    let testApp: TwoInstanceTestApp;

    beforeAll(async () => {
      // A clock that stands still: no window ends during the test.
      testApp = await buildTwoInstanceTestApp(
        { RATE_LIMIT_MAX: String(max) },
        { now: testClock('2026-11-22T10:00:00.000Z').now },
      );
    }, 90_000);

    afterAll(async () => testApp?.cleanup(), 30_000);

    it('answers 429 on both once RATE_LIMIT_MAX requests were admitted in total', async () => {
      const [a, b] = testApp.instances;
      const statuses: number[] = [];
      // Alternating, so that each instance sees half and would admit them all on its own.
      for (let i = 0; i < max + 10; i += 1) {
        const answer = await call((i % 2 === 0 ? a : b).base, 'GET', '/api/changelog', {
          headers: dashboardHost(testApp),
        });
        statuses.push(answer.status);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(max);
      expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
      expect(statuses.slice(-2)).toEqual([429, 429]);
    }, 30_000);
  },
);
