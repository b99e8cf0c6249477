import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abuseLimits } from '../../lib/abuse-limits.js';
import { registration } from '../accounts.js';
import { call, stopOwnHosts } from './hosts.js';
import { buildTwoInstanceTestApp, type TwoInstanceTestApp } from './two-instance-app.js';

/**
 * The abuse limits count in the database (ADR 011), so a limit of N holds for the sum of what
 * two instances on one PostgreSQL database saw (docs/architecture.md, "Scale-out").
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'abuse limits across two server instances (PostgreSQL only, TEST_DB=postgres)',
  () => {
    let testApp: TwoInstanceTestApp;

    beforeAll(async () => {
      testApp = await buildTwoInstanceTestApp(
        {},
        { abuseLimits: abuseLimits({ registerPerAddress: 4 }) },
      );
    }, 90_000);

    afterAll(async () => {
      await testApp?.cleanup();
      await stopOwnHosts();
    }, 30_000);

    it('refuses the fifth sign-up from one address when four were spread over both instances', async () => {
      const [a, b] = testApp.instances;
      const signUp = (base: string) =>
        call(base, 'POST', '/api/auth/register', { json: registration() });
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
