import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../../test/accounts.js';
import { callAs, createEvent } from '../../../test/events.js';
import { isSseStream, openSse } from '../../../test/sse.js';
import { dashboardHost } from '../../../test/test-environment.js';
import { call, stopOwnHosts } from '../../../test/two-instances/hosts.js';
import {
  buildTwoInstanceTestApp,
  type TwoInstanceTestApp,
} from '../../../test/two-instances/two-instance-app.js';

const EVENTS_HOST = 'events.test';

/**
 * Two server processes on one PostgreSQL database: a page entry appended through one reaches
 * the viewer pages' streams held on the other, woken by `NOTIFY livent_page` (ADR 057).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'the page stream across two instances (PostgreSQL only, TEST_DB=postgres)',
  () => {
    let testApp: TwoInstanceTestApp;

    beforeAll(async () => {
      testApp = await buildTwoInstanceTestApp({ EVENTS_URL: `http://${EVENTS_HOST}` });
    }, 90_000);

    afterAll(async () => {
      await testApp?.cleanup();
      await stopOwnHosts();
    }, 30_000);

    it('sends a remote reload and a message change made on A to a page open on B', async () => {
      const { app, instances } = testApp;
      const [a, b] = instances;
      const owner = await registerVerified(app);
      const event = await createEvent(app, owner, 'Two instances');
      const enabled = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, {
        messagesEnabled: true,
      });
      expect(enabled.statusCode, enabled.body).toBe(200);

      const stream = await openSse(`${b.base}/${event.slug}/_live`, { host: EVENTS_HOST });
      if (!isSseStream(stream)) throw new Error(`${stream.status}: ${stream.body}`);
      try {
        expect((await stream.next()).event).toBe('ready');

        const reload = await call(a.base, 'POST', `/api/events/${event.id}/remote-reload`, {
          headers: { ...dashboardHost(testApp), ...owner.headers },
        });
        expect(reload.status, reload.body).toBe(204);
        const frame = await stream.next(10_000);
        expect(frame.event).toBe('reload');
        expect(JSON.parse(frame.data)).toEqual({ reloadAt: expect.any(String) });

        const sent = await call(a.base, 'POST', `/${event.slug}/_messages`, {
          headers: { host: EVENTS_HOST },
          json: { text: 'Hello from instance A', key: randomUUID() },
        });
        expect(sent.status, sent.body).toBe(201);
        expect((await stream.next(10_000)).event).toBe('messages');
      } finally {
        stream.close();
      }
    }, 60_000);
  },
);
