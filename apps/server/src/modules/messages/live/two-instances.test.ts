import { randomUUID } from 'node:crypto';
import type { MessageChange } from '@livent/shared';
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
 * Two server processes on one PostgreSQL database (docs/architecture.md, "Scale-out"): a change
 * made through one reaches the live streams of the other, woken by NOTIFY (ADR 025).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'two server instances on one database (PostgreSQL only, TEST_DB=postgres: SQLite instances share no NOTIFY)',
  () => {
    let testApp: TwoInstanceTestApp;

    beforeAll(async () => {
      testApp = await buildTwoInstanceTestApp({ EVENTS_URL: `http://${EVENTS_HOST}` });
    }, 90_000);

    afterAll(async () => {
      await testApp?.cleanup();
      await stopOwnHosts();
    }, 30_000);

    it('delivers a message submitted on one instance to an inbox open on the other', async () => {
      const { app, instances } = testApp;
      const [a, b] = instances;
      const owner = await registerVerified(app);
      const event = await createEvent(app, owner, 'Two instances');
      const enabled = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, {
        messagesEnabled: true,
      });
      expect(enabled.statusCode, enabled.body).toBe(200);

      // The inbox is open on B.
      const stream = await openSse(`${b.base}/api/events/${event.id}/messages/stream`, {
        ...dashboardHost(testApp),
        ...owner.headers,
      });
      if (!isSseStream(stream)) throw new Error(`${stream.status}: ${stream.body}`);
      try {
        expect((await stream.next()).event).toBe('ready');

        // The viewer sends on A's public page.
        const sent = await call(a.base, 'POST', `/${event.slug}/_messages`, {
          headers: { host: EVENTS_HOST },
          json: { name: 'Grace', text: 'Hello from instance A', key: randomUUID() },
        });
        expect(sent.status, sent.body).toBe(201);
        const messageId = (JSON.parse(sent.body) as { id: string }).id;

        const frame = await stream.next(10_000);
        expect(frame.event).toBe('message');
        expect(JSON.parse(frame.data) as MessageChange).toMatchObject({
          change: 'created',
          message: { id: messageId, text: 'Hello from instance A', authorName: 'Grace' },
        });
      } finally {
        stream.close();
      }
    }, 60_000);
  },
);
