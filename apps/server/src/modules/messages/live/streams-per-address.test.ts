import { ERROR_MESSAGES } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../../test/accounts.js';
import { callAs, createEvent } from '../../../test/events.js';
import { isSseStream, openSse, type SseStream } from '../../../test/sse.js';
import { buildTestApp, dashboardHost, type TestApp } from '../../../test/test-app.js';

/**
 * The dashboard's live streams (messages, guest moderators' messages, viewers now) count per
 * client address as well as per account (ADR 050): the address as TRUST_PROXY reads it, so that
 * one address cannot hold streams open without bound through many accounts or guest tokens.
 */
describe('open live streams per client address', () => {
  const MAX = 3;
  let testApp: TestApp;
  let app: FastifyInstance;
  let base: string;
  let ada: SignedInUser;
  let bob: SignedInUser;
  const open: SseStream[] = [];

  beforeAll(async () => {
    testApp = await buildTestApp(
      { TRUST_PROXY: '127.0.0.1' },
      {
        messageStreams: { maxPerAddress: MAX },
        stats: { streams: { maxPerAddress: MAX } },
      },
    );
    app = testApp.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}/api`;
    ada = await registerVerified(app, { name: 'Ada' });
    bob = await registerVerified(app, { name: 'Bob' });
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    app.server.closeAllConnections();
    await testApp.cleanup();
  });

  /** Opens a stream from `client` (behind the trusted proxy); answers its status. */
  async function status(path: string, headers: Record<string, string>, client: string) {
    const stream = await openSse(`${base}${path}`, {
      ...dashboardHost(testApp),
      ...headers,
      'x-forwarded-for': client,
    });
    if (!isSseStream(stream)) {
      if (stream.status === 429) {
        expect(JSON.parse(stream.body)).toMatchObject({
          message: ERROR_MESSAGES.tooManyRequests,
        });
      }
      return stream.status;
    }
    open.push(stream);
    return 200;
  }

  it('caps message streams per address, whatever the accounts and guest tokens', async () => {
    const adaEvent = await createEvent(app, ada, 'Ada live');
    const bobEvent = await createEvent(app, bob, 'Bob live');
    const saved = await callAs(app, bob, 'PATCH', `/event-settings/${bobEvent.id}`, {
      messagesEnabled: true,
      messagesGuestToken: 'renew',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const guest = {
      'token-authorization': saved.json<{ messagesGuestToken: string }>().messagesGuestToken,
    };
    const inbox = (id: string) => `/events/${id}/messages/stream`;
    const shared = `/shared/messages/${bobEvent.id}/stream`;

    expect(await status(inbox(adaEvent.id), ada.headers, '203.0.113.7')).toBe(200);
    expect(await status(inbox(adaEvent.id), ada.headers, '203.0.113.7')).toBe(200);
    expect(await status(inbox(bobEvent.id), bob.headers, '203.0.113.7')).toBe(200);
    // Each account and the token are far below their own cap of 20.
    expect(await status(inbox(bobEvent.id), bob.headers, '203.0.113.7')).toBe(429);
    expect(await status(shared, guest, '203.0.113.7')).toBe(429);
    // IPv4 mapped into IPv6 is the same address.
    expect(await status(shared, guest, '::ffff:203.0.113.7')).toBe(429);
    // Another address has its own.
    expect(await status(inbox(bobEvent.id), bob.headers, '203.0.113.8')).toBe(200);
    expect(await status(shared, guest, '203.0.113.8')).toBe(200);

    // A closed stream frees its place.
    open.shift()!.close();
    await expect
      .poll(() => status(shared, guest, '203.0.113.7'), { timeout: 5_000, interval: 50 })
      .toBe(200);
  });

  it('caps viewers-now streams per address', async () => {
    const adaEvent = await createEvent(app, ada, 'Ada stats');
    const bobEvent = await createEvent(app, bob, 'Bob stats');
    const live = (id: string) => `/events/${id}/stats/live`;
    expect(await status(live(adaEvent.id), ada.headers, '2001:db8:1:2::7')).toBe(200);
    expect(await status(live(adaEvent.id), ada.headers, '2001:db8:1:2::7')).toBe(200);
    expect(await status(live(bobEvent.id), bob.headers, '2001:db8:1:2::7')).toBe(200);
    // IPv6 counts by its /64, as the rate limits do.
    expect(await status(live(bobEvent.id), bob.headers, '2001:db8:1:2::8')).toBe(429);
    expect(await status(live(bobEvent.id), bob.headers, '2001:db8:1:3::7')).toBe(200);
  });
});
