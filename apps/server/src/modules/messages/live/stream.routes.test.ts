import { randomUUID } from 'node:crypto';
import type { MessageChange } from '@livent/shared';
import { EventSource } from 'eventsource';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../../test/accounts.js';
import { callAs, createEvent } from '../../../test/events.js';
import { freePort } from '../../../test/ports.js';
import { isSseStream, openSse, type SseStream } from '../../../test/sse.js';
import { buildTestApp, dashboardHost, type TestApp } from '../../../test/test-app.js';
import { onEventsHost } from '../../public/public.fixtures.js';
import { appendMessageChange } from '../message-log.js';

/**
 * The live streams through a real listening server (inject waits for a response's end, which a
 * stream never reaches).
 */
describe('message streams (Server-Sent Events)', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let base: string;
  let owner: SignedInUser;
  const open: SseStream[] = [];

  beforeAll(async () => {
    // The address the streams are read at is the dashboard's (ADR 043): the eventsource client
    // below cannot name another Host. Access is checked again often, so that its end shows at once.
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    testApp = await buildTestApp(
      { PUBLIC_URL: base },
      { messageStreams: { recheckIntervalMs: 50 } },
    );
    app = testApp.app;
    await app.listen({ port, host: '127.0.0.1' });
    owner = await registerVerified(app, { name: 'Owner' });
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    // fetch's pool (the eventsource client's) may hold a spare socket that never carried a
    // request, which the server's close would wait for; the stop itself is tested below.
    app.server.closeAllConnections();
    await testApp.cleanup();
  });

  async function connect(path: string, headers: Record<string, string>): Promise<SseStream> {
    const stream = await openSse(`${base}/api${path}`, headers);
    if (!isSseStream(stream)) throw new Error(`${stream.status}: ${stream.body}`);
    open.push(stream);
    return stream;
  }

  /** An event with messages on and a guest-access token; answers its id, slug and token. */
  async function messagesEvent() {
    const event = await createEvent(app, owner, 'Live');
    const saved = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, {
      messagesEnabled: true,
      messagesGuestToken: 'renew',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const token = saved.json<{ messagesGuestToken: string }>().messagesGuestToken;
    return { id: event.id, slug: event.slug, token };
  }

  /** A viewer's message through the public page's own route. */
  async function submit(slug: string, text: string): Promise<string> {
    const response = await onEventsHost(app, `/${slug}/_messages`, {
      method: 'POST',
      payload: { text, key: randomUUID() },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  /** An organisers' note, written as the inbox writes it: row and log entry, then the wake-up. */
  async function internalNote(eventId: string): Promise<string> {
    const id = randomUUID();
    const at = new Date().toISOString();
    await app.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('messages')
        .values({
          id,
          event_id: eventId,
          channel_id: null,
          kind: 'internal',
          author_name: 'Owner',
          text: 'Internal note',
          answer: null,
          created_at: at,
          updated_at: at,
          author_user_id: owner.user.id,
        })
        .execute();
      await appendMessageChange(trx, { eventId, messageId: id, change: 'created', at });
    });
    app.services.messageFeed.notify(eventId);
    return id;
  }

  const changeOf = (data: string) => JSON.parse(data) as MessageChange;
  const idOf = (change: MessageChange) => ('message' in change ? change.message.id : change.id);

  it('sends ready with the log position, then each change as it happens', async () => {
    const event = await messagesEvent();
    const before = await submit(event.slug, 'Before the inbox opened');
    const stream = await connect(`/events/${event.id}/messages/stream`, owner.headers);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    expect(stream.headers['content-encoding']).toBeUndefined();

    const ready = await stream.next();
    expect(ready.event).toBe('ready');
    const position = Number(ready.id);
    expect(position).toBeGreaterThan(0);

    const messageId = await submit(event.slug, 'Is there a recording?');
    const frame = await stream.next();
    expect(frame.event).toBe('message');
    expect(Number(frame.id)).toBeGreaterThan(position);
    const change = changeOf(frame.data);
    expect(change).toMatchObject({
      change: 'created',
      message: { id: messageId, kind: 'viewer', text: 'Is there a recording?', status: 'new' },
    });
    expect(idOf(change)).not.toBe(before);

    // Organisers see their internal notes too.
    const noteId = await internalNote(event.id);
    const note = changeOf((await stream.next()).data);
    expect(note).toMatchObject({ change: 'created', message: { id: noteId, kind: 'internal' } });
  });

  it('resumes after Last-Event-ID without losing a change, also from the query string', async () => {
    const event = await messagesEvent();
    const first = await connect(`/events/${event.id}/messages/stream`, owner.headers);
    const lastSeen = (await first.next()).id!;
    first.close();

    const missed = [
      await submit(event.slug, 'One'),
      await internalNote(event.id),
      await submit(event.slug, 'Three'),
    ];
    const resumed = await connect(`/events/${event.id}/messages/stream`, {
      ...owner.headers,
      'last-event-id': lastSeen,
    });
    const frames = await resumed.until('ready');
    const messages = frames.filter((frame) => frame.event === 'message');
    expect(messages.map((frame) => idOf(changeOf(frame.data)))).toEqual(missed);
    const ids = messages.map((frame) => Number(frame.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(frames.at(-1)?.id).toBe(messages.at(-1)?.id);

    // And it goes on live from there.
    const later = await submit(event.slug, 'Four');
    expect(idOf(changeOf((await resumed.next()).data))).toBe(later);

    const byQuery = await connect(
      `/events/${event.id}/messages/stream?lastEventId=${lastSeen}`,
      owner.headers,
    );
    const again = (await byQuery.until('ready')).filter((frame) => frame.event === 'message');
    expect(again.map((frame) => idOf(changeOf(frame.data)))).toEqual([...missed, later]);
  });

  it('tells a client that missed more than the log replays to reload', async () => {
    const event = await messagesEvent();
    const messageId = await submit(event.slug, 'Edited many times');
    const [start] = await app.db
      .selectFrom('message_log')
      .select('seq')
      .where('event_id', '=', event.id)
      .execute();
    const at = new Date().toISOString();
    await app.db
      .insertInto('message_log')
      .values(
        Array.from({ length: 1001 }, () => ({
          event_id: event.id,
          message_id: messageId,
          change: 'changed',
          created_at: at,
        })),
      )
      .execute();
    const stream = await connect(`/events/${event.id}/messages/stream`, {
      ...owner.headers,
      'last-event-id': String(start!.seq),
    });
    const reset = await stream.next();
    expect(reset.event).toBe('reset');
    expect(Number(reset.id)).toBe(await app.services.messageFeed.lastSeq(event.id));

    // An id this log never gave is no position either.
    const ahead = await connect(`/events/${event.id}/messages/stream`, {
      ...owner.headers,
      'last-event-id': '999999999',
    });
    expect((await ahead.next()).event).toBe('reset');
  });

  it('gives guest moderators viewer messages only, with their token', async () => {
    const event = await messagesEvent();
    const stream = await connect(`/shared/messages/${event.id}/stream`, {
      'token-authorization': event.token,
    });
    expect((await stream.next()).event).toBe('ready');
    await internalNote(event.id);
    const viewerMessage = await submit(event.slug, 'For everyone');
    const frame = await stream.next();
    expect(changeOf(frame.data)).toMatchObject({ message: { id: viewerMessage, kind: 'viewer' } });

    // Resuming skips the internal note as well.
    const resumed = await connect(`/shared/messages/${event.id}/stream`, {
      'token-authorization': event.token,
      'last-event-id': '0',
    });
    const replayed = (await resumed.until('ready')).filter((f) => f.event === 'message');
    expect(replayed.map((f) => changeOf(f.data))).toEqual([
      expect.objectContaining({ message: expect.objectContaining({ id: viewerMessage }) }),
    ]);
  });

  it('refuses wrong tokens, other accounts, anonymous callers and bad positions', async () => {
    const event = await messagesEvent();
    const other = await registerVerified(app, { name: 'Other' });
    const answer = async (path: string, headers: Record<string, string>) => {
      const response = await openSse(`${base}/api${path}`, headers);
      if (isSseStream(response)) {
        open.push(response);
        return { status: 200, body: {} };
      }
      return { status: response.status, body: JSON.parse(response.body) as object };
    };
    const shared = `/shared/messages/${event.id}/stream`;
    expect(await answer(shared, { 'token-authorization': 'wrong' })).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'Token not found' }),
    });
    expect((await answer(shared, {})).status).toBe(404);
    // A dashboard session is no guest token.
    expect((await answer(shared, owner.headers)).status).toBe(404);
    const otherEvent = await messagesEvent();
    expect(
      (
        await answer(`/shared/messages/${otherEvent.id}/stream`, {
          'token-authorization': event.token,
        })
      ).status,
    ).toBe(404);

    const inbox = `/events/${event.id}/messages/stream`;
    expect(await answer(inbox, other.headers)).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'Event not found' }),
    });
    expect((await answer(inbox, {})).status).toBe(401);
    expect((await answer(inbox, { 'token-authorization': event.token })).status).toBe(401);
    expect((await answer(inbox, { ...owner.headers, 'last-event-id': 'abc' })).status).toBe(400);
    expect((await answer(`${inbox}?lastEventId=-1`, owner.headers)).status).toBe(400);
    expect((await answer(`${inbox}?other=1`, owner.headers)).status).toBe(400);
  });

  it("ends a guest's stream when the token is renewed, and an organiser's on logout", async () => {
    const event = await messagesEvent();
    const guest = await connect(`/shared/messages/${event.id}/stream`, {
      'token-authorization': event.token,
    });
    expect((await guest.next()).event).toBe('ready');
    const renewed = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, {
      messagesGuestToken: 'renew',
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    await guest.ended;
    const again = await openSse(`${base}/api/shared/messages/${event.id}/stream`, {
      'token-authorization': event.token,
    });
    expect(isSseStream(again) ? 200 : [again.status, again.body]).toEqual([
      404,
      expect.stringContaining('Token expired'),
    ]);

    const user = await registerVerified(app, { name: 'Leaving' });
    const own = await createEvent(app, user, 'Mine');
    const inbox = await connect(`/events/${own.id}/messages/stream`, user.headers);
    expect((await inbox.next()).event).toBe('ready');
    const loggedOut = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { 'lvnt.auth.refresh': user.refreshCookie },
    });
    expect(loggedOut.statusCode).toBe(204);
    await inbox.ended;
  });

  it("ends a shared user's stream when the owner revokes the permission (ADR 031)", async () => {
    const event = await messagesEvent();
    const colleague = await registerVerified(app, { name: 'Colleague' });
    const shared = await callAs(app, owner, 'POST', '/permissions', {
      eventId: event.id,
      email: colleague.email,
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const permissionId = shared.json<{ id: string }>().id;
    const accepted = await callAs(app, colleague, 'POST', `/permissions/${permissionId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(204);
    const inbox = await connect(`/events/${event.id}/messages/stream`, colleague.headers);
    expect((await inbox.next()).event).toBe('ready');
    const revoked = await callAs(app, owner, 'DELETE', `/permissions/${permissionId}`);
    expect(revoked.statusCode).toBe(204);
    await inbox.ended;
  });

  // The dashboard reads the stream with this client (its `fetch` option sends the credentials).
  it('works with the eventsource client, which resumes with Last-Event-ID after a dropped connection', async () => {
    const event = await messagesEvent();
    const source = new EventSource(`${base}/api/events/${event.id}/messages/stream`, {
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...init?.headers, ...owner.headers } }),
    });
    const received: string[] = [];
    let opened = 0;
    source.addEventListener('open', () => (opened += 1));
    source.addEventListener('message', (message) => {
      received.push(idOf(changeOf(message.data)));
    });
    try {
      const ready = new Promise<string>((resolve) =>
        source.addEventListener('ready', (message) => resolve(message.lastEventId), { once: true }),
      );
      expect(Number(await ready)).toBeGreaterThanOrEqual(0);
      const first = await submit(event.slug, 'Before the drop');
      await expect.poll(() => received).toEqual([first]);

      // The network drops every connection; a message arrives meanwhile.
      app.server.closeAllConnections();
      const missed = await submit(event.slug, 'While disconnected');
      await expect.poll(() => received, { timeout: 10_000 }).toEqual([first, missed]);
      expect(opened).toBe(2);
    } finally {
      source.close();
    }
  });

  it('limits open streams per account', async () => {
    const user = await registerVerified(app, { name: 'Many tabs' });
    const event = await createEvent(app, user, 'Busy');
    const path = `/events/${event.id}/messages/stream`;
    const streams = await Promise.all(
      Array.from({ length: 20 }, () => connect(path, user.headers)),
    );
    const refused = await openSse(`${base}/api${path}`, user.headers);
    expect(isSseStream(refused)).toBe(false);
    expect(refused.status).toBe(429);

    // A closed one frees its place.
    streams[0]!.close();
    const deadline = Date.now() + 5_000;
    for (;;) {
      const retry = await openSse(`${base}/api${path}`, user.headers);
      if (isSseStream(retry)) {
        open.push(retry);
        break;
      }
      expect(retry.status).toBe(429);
      if (Date.now() > deadline) throw new Error('the closed stream kept its place');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});

describe('message streams and the server stop', () => {
  it('ends open streams so that close() does not wait for them', async () => {
    const testApp = await buildTestApp();
    const { app } = testApp;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    const owner = await registerVerified(app);
    const event = await createEvent(app, owner);
    const stream = await openSse(
      `http://127.0.0.1:${address.port}/api/events/${event.id}/messages/stream`,
      { ...dashboardHost(testApp), ...owner.headers },
    );
    if (!isSseStream(stream)) throw new Error(`status ${stream.status}`);
    expect((await stream.next()).event).toBe('ready');
    await testApp.cleanup();
    await stream.ended;
    await expect(stream.next()).rejects.toThrow('ended');
  });
});
