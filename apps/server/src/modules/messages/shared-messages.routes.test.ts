import {
  ERROR_MESSAGES,
  type EventListItem,
  type InboxMessage,
  type InboxMessageDetail,
  type SharedMessages,
} from '@livent/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { callAs, createEvent } from '../../test/events.js';
import { logOf, renewGuestToken, seedMessage } from '../../test/messages.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

describe('shared messages API (guest moderators)', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let owner: SignedInUser;
  let event: EventListItem;
  let token: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    app = testApp.app;
    owner = await registerVerified(app, { name: 'Olivia Owner' });
  });
  afterAll(async () => testApp.cleanup());
  beforeEach(async () => {
    await app.db.deleteFrom('events').where('owner_id', '=', owner.user.id).execute();
    event = await createEvent(app, owner, 'Town hall');
    token = await renewGuestToken(app, owner, event.id);
  });

  const guest = (
    method: InjectOptions['method'],
    path: string,
    options: { token?: string | undefined; payload?: object } = { token: undefined },
  ) =>
    app.inject({
      method,
      url: `/api/shared${path}`,
      headers: 'token' in options ? tokenHeader(options.token) : tokenHeader(token),
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const tokenHeader = (value: string | undefined): Record<string, string> =>
    value === undefined ? {} : { 'token-authorization': value };
  const read = async (query = '') => {
    const response = await guest('GET', `/messages/${event.id}${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SharedMessages>();
  };
  const change = async (id: string, payload: object, status = 200) => {
    const response = await guest('PATCH', `/messages/${event.id}/${id}`, { token, payload });
    expect(response.statusCode, response.body).toBe(status);
    return response.json<InboxMessage>();
  };

  it('shows the event and its viewer messages, never internal ones, with the inbox filters', async () => {
    await seedMessage(app, event.id, { text: 'first' });
    await seedMessage(app, event.id, { text: 'second', status: 'approved', read: 1 });
    const note = await callAs(app, owner, 'POST', `/events/${event.id}/messages`, {
      text: 'internal note',
    });
    expect(note.statusCode).toBe(201);
    const channel = await callAs(app, owner, 'POST', `/events/${event.id}/channels`, {
      slug: 'berlin',
      title: 'Berlin stage',
    });
    expect(channel.statusCode).toBe(201);

    const shared = await read();
    expect(shared.event).toEqual({
      id: event.id,
      title: 'Town hall',
      messagesMode: 'messages',
      // For the names of the pages messages came from.
      channels: [{ id: channel.json<{ id: string }>().id, title: 'Berlin stage' }],
    });
    expect(shared.messages).toMatchObject({ page: 1, pageSize: 25, total: 2, unreadCount: 1 });
    expect(shared.messages.results.map((message) => message.text)).toEqual(['second', 'first']);
    expect((await read('?kind=internal')).messages).toMatchObject({ total: 0, results: [] });
    expect((await read('?status=approved')).messages.results.map((m) => m.text)).toEqual([
      'second',
    ]);
    expect((await read('?q=FIR')).messages.total).toBe(1);
    expect((await guest('GET', `/messages/${event.id}?page=0`, { token })).statusCode).toBe(400);

    // The mode the organiser chose.
    const qa = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, {
      messagesMode: 'qa',
    });
    expect(qa.statusCode, qa.body).toBe(200);
    expect((await read()).event.messagesMode).toBe('qa');
  });

  it('moderates and answers as "guest", recorded in the history', async () => {
    const id = await seedMessage(app, event.id);
    expect(await change(id, { status: 'approved', read: true })).toMatchObject({
      status: 'approved',
      read: true,
    });
    expect(await change(id, { answer: 'Yes, tomorrow.', answerPublic: true })).toMatchObject({
      status: 'answered',
      answer: 'Yes, tomorrow.',
      answerPublic: true,
      answeredBy: 'Guest',
    });
    expect(await change(id, { pinned: true })).toMatchObject({ pinned: true });
    const refused = await guest('PATCH', `/messages/${event.id}/${id}`, {
      token,
      payload: { status: 'declined' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      ERROR_MESSAGES.messageTransitionNotAllowed,
    );
    expect(
      (await guest('PATCH', `/messages/${event.id}/${id}`, { token, payload: {} })).statusCode,
    ).toBe(400);

    const detail = await callAs(app, owner, 'GET', `/events/${event.id}/messages/${id}`);
    const history = detail.json<InboxMessageDetail>().history;
    expect(history.map((step) => [step.action, step.actorKind, step.actorName])).toEqual([
      ['status', 'guest', 'Guest'],
      ['answer', 'guest', 'Guest'],
      ['status', 'guest', 'Guest'],
      ['answerVisibility', 'guest', 'Guest'],
      ['pin', 'guest', 'Guest'],
    ]);
    const row = await app.db
      .selectFrom('message_history')
      .select('actor_user_id')
      .where('message_id', '=', id)
      .execute();
    expect(row.every((step) => step.actor_user_id === null)).toBe(true);
    expect((await logOf(app, event.id)).length).toBe(3);
  });

  it('cannot delete, nor see or change internal messages or other events’ messages', async () => {
    const id = await seedMessage(app, event.id);
    const note = (
      await callAs(app, owner, 'POST', `/events/${event.id}/messages`, { text: 'note' })
    ).json<InboxMessage>();
    const elsewhere = await createEvent(app, owner, 'Elsewhere');
    const foreign = await seedMessage(app, elsewhere.id);

    for (const messageId of [note.id, foreign, 'no-such-message']) {
      const response = await guest('PATCH', `/messages/${event.id}/${messageId}`, {
        token,
        payload: { status: 'approved' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: ERROR_MESSAGES.messageNotFound });
    }
    // No delete route for guests; the organisers' routes want a sign-in.
    expect((await guest('DELETE', `/messages/${event.id}/${id}`, { token })).statusCode).toBe(404);
    const organiserRoute = await app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}/messages/${id}`,
      headers: { 'token-authorization': token },
    });
    expect(organiserRoute.statusCode).toBe(401);
    const list = await app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/messages`,
      headers: { 'token-authorization': token },
    });
    expect(list.statusCode).toBe(401);
    // The token opens its own event only.
    const other = await guest('GET', `/messages/${elsewhere.id}`, { token });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 404, message: ERROR_MESSAGES.tokenNotFound });
    expect((await app.db.selectFrom('messages').select('id').execute()).length).toBe(3);
  });

  it('answers 404 "Token not found" or "Token expired" to a missing, wrong, renewed or removed token', async () => {
    const id = await seedMessage(app, event.id);
    const notFound = { code: 404, message: ERROR_MESSAGES.tokenNotFound };
    const expired = { code: 404, message: ERROR_MESSAGES.tokenExpired };
    const answers = async (value: string | undefined) => {
      const list = await guest('GET', `/messages/${event.id}`, { token: value });
      const patch = await guest('PATCH', `/messages/${event.id}/${id}`, {
        token: value,
        payload: { status: 'approved' },
      });
      expect(patch.statusCode).toBe(list.statusCode);
      if (list.statusCode === 200) return 200;
      expect(patch.json()).toEqual(list.json());
      return list.json<object>();
    };

    expect(await answers(undefined)).toEqual(notFound);
    expect(await answers('')).toEqual(notFound);
    expect(await answers(`${token}x`)).toEqual(notFound);
    expect(await answers(token)).toBe(200);

    const renewed = await renewGuestToken(app, owner, event.id);
    expect(await answers(token)).toEqual(expired);
    expect(await answers(renewed)).toBe(200);

    const removed = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, {
      messagesGuestToken: null,
    });
    expect(removed.statusCode).toBe(200);
    expect(await answers(renewed)).toEqual(expired);
    expect(await answers(token)).toEqual(notFound);
    // The refused PATCHes changed nothing.
    const message = await callAs(app, owner, 'GET', `/events/${event.id}/messages/${id}`);
    expect(message.json<InboxMessageDetail>().history.length).toBe(1);
  });

  it('knows no share type but messages', async () => {
    const response = await guest('GET', `/highlights/${event.id}`, { token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, message: ERROR_MESSAGES.notFound });
  });
});
