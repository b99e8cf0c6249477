import type { Stats } from '@livent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../test/accounts.js';
import { createEvent } from '../../test/events.js';
import { dashboardHost } from '../../test/test-environment.js';
import { call, stopOwnHosts, type Instance } from '../../test/two-instances/hosts.js';
import {
  buildTwoInstanceTestApp,
  type TwoInstanceTestApp,
} from '../../test/two-instances/two-instance-app.js';

const EVENTS_HOST = 'events.test';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * Two server processes on one PostgreSQL database (docs/architecture.md, "Scale-out"; ADR 027):
 * a viewer whose beacons land on both counts once, and a stopped instance writes what it held.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'statistics of two server instances on one database (PostgreSQL only: SQLite is one process)',
  () => {
    let testApp: TwoInstanceTestApp;

    beforeAll(async () => {
      testApp = await buildTwoInstanceTestApp({ EVENTS_URL: `http://${EVENTS_HOST}` });
    }, 90_000);

    afterAll(async () => {
      await testApp?.cleanup();
      await stopOwnHosts();
    }, 30_000);

    it('counts a viewer seen by both instances once, and a stopped instance writes its hits', async () => {
      const { app, instances } = testApp;
      const [a, b] = instances;
      const owner = await registerVerified(app);
      const auth = owner.headers;
      const event = await createEvent(app, owner, 'Two instances');

      const beacon = (instance: Instance, kind: 'view' | 'beat', body: object) =>
        call(instance.base, 'POST', `/${event.slug}/_stats/${kind}`, {
          headers: { host: EVENTS_HOST, 'content-type': 'text/plain', 'user-agent': BROWSER },
          body: JSON.stringify(body),
        });
      // The page's view token from A; B accepts it, and A the page view id B signed (ADR 045).
      const page = await call(a.base, 'GET', `/${event.slug}`, { headers: { host: EVENTS_HOST } });
      const t = /data-stats="([^"]+)"/.exec(page.body)?.[1];
      expect(t, page.body).toBeDefined();
      const pageview = async (instance: Instance): Promise<string> => {
        const answer = await beacon(instance, 'view', { t });
        expect(answer.status, answer.body).toBe(200);
        return (JSON.parse(answer.body) as { v: string }).v;
      };
      const stats = async (): Promise<Stats> => {
        const answer = await call(a.base, 'GET', `/api/events/${event.id}/stats`, {
          headers: { ...dashboardHost(testApp), ...auth },
        });
        expect(answer.status, answer.body).toBe(200);
        return JSON.parse(answer.body) as Stats;
      };
      /** The stats once `done` holds; each instance writes its batch within a second. */
      const statsWhen = async (done: (s: Stats) => boolean): Promise<Stats> => {
        const deadline = Date.now() + 15_000;
        for (;;) {
          const current = await stats();
          if (done(current) || Date.now() > deadline) return current;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      };

      const shared = await pageview(a);
      expect((await beacon(b, 'beat', { v: shared })).status).toBe(204);
      const other = await pageview(b);
      expect((await beacon(a, 'beat', { v: other })).status).toBe(204);
      const both = await statsWhen((s) => s.totals.pageviews === 2 && s.totals.viewersNow === 2);
      expect(both.totals).toMatchObject({ pageviews: 2, viewersNow: 2, uniqueViewers: 1 });
      // Two page views, however the minutes fell: never three.
      expect(both.totals.peakViewers).toBeLessThanOrEqual(2);

      // B holds a pageview in memory when it is told to stop: it writes it before exiting.
      await pageview(b);
      await b.stop();
      expect((await stats()).totals.pageviews).toBe(3);
    }, 60_000);
  },
);
