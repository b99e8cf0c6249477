import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../test/accounts.js';
import { createEvent } from '../../test/events.js';
import { dashboardHost } from '../../test/test-environment.js';
import { call, stopOwnHosts } from '../../test/two-instances/hosts.js';
import {
  buildTwoInstanceTestApp,
  type TwoInstanceTestApp,
} from '../../test/two-instances/two-instance-app.js';

const EVENTS_HOST = 'events.test';
const CONTENT = 'Backstage notes only for guests';

/**
 * Two server processes on one PostgreSQL database (ADR 044): protection turned on through one
 * instance reaches the other's page cache at once, by the change notice, not when its slug lookup
 * would be checked again. The instances' clocks stand still, so without the notice the other
 * instance would serve the open page for ever.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'viewer access on two server instances (PostgreSQL only: SQLite is one process)',
  () => {
    let testApp: TwoInstanceTestApp;

    beforeAll(async () => {
      testApp = await buildTwoInstanceTestApp(
        { EVENTS_URL: `http://${EVENTS_HOST}` },
        { now: () => new Date('2026-11-22T10:00:00.000Z') },
      );
    }, 90_000);

    afterAll(async () => {
      await testApp?.cleanup();
      await stopOwnHosts();
    }, 30_000);

    it('shows the gate on the other instance as soon as protection is turned on there', async () => {
      const [a, b] = testApp.instances;
      const owner = await registerVerified(testApp.app);
      const event = await createEvent(testApp.app, owner, 'Two instances');
      const save = async (patch: object) => {
        const answer = await call(a.base, 'PATCH', `/api/event-settings/${event.id}`, {
          headers: { ...dashboardHost(testApp), ...owner.headers },
          json: patch,
        });
        expect(answer.status, answer.body).toBe(200);
      };
      const pageOnB = () =>
        call(b.base, 'GET', `/${event.slug}`, { headers: { host: EVENTS_HOST } });

      await save({ content: CONTENT, accessShowContent: false });
      const open = await pageOnB();
      expect(open.body).toContain(CONTENT);
      expect(open.headers['cache-control']).toMatch(/^public/);

      await save({ accessMode: 'code', accessCode: 'Meteor-Shower-42' });
      // The notice travels through PostgreSQL: a moment, not the seconds of a revalidation.
      const deadline = Date.now() + 3_000;
      let page = await pageOnB();
      while (page.body.includes(CONTENT) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        page = await pageOnB();
      }
      expect(page.body).not.toContain(CONTENT);
      expect(page.body).toContain('id="lv-access-code"');
      expect(page.headers['cache-control']).toBe('private, no-cache');
    });
  },
);
