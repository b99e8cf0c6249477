import {
  ERROR_MESSAGES,
  type EventListItem,
  type InboxMessage,
  type InboxMessageDetail,
  type MessagesPage,
} from '@livent/shared';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { callAs, createEvent, type Method } from '../../test/events.js';
import { logOf, renewGuestToken, seedMessage } from '../../test/messages.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

describe('messages API (the inbox)', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let owner: SignedInUser;
  let other: SignedInUser;
  let event: EventListItem;

  beforeAll(async () => {
    testApp = await buildTestApp();
    app = testApp.app;
    owner = await registerVerified(app, { name: 'Olivia Owner' });
    other = await registerVerified(app, { name: 'Other Person' });
  });
  afterAll(async () => testApp.cleanup());
  beforeEach(async () => {
    await app.db.deleteFrom('events').where('owner_id', '=', owner.user.id).execute();
    event = await createEvent(app, owner, 'Inbox');
  });

  const call = (method: Method, path: string, payload?: object, as = owner) =>
    callAs(app, as, method, `/events/${event.id}/messages${path}`, payload);
  const list = async (query = '') => {
    const response = await call('GET', query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MessagesPage>();
  };
  const texts = async (query = '') => (await list(query)).results.map((message) => message.text);
  const patch = async (id: string, body: object, status = 200) => {
    const response = await call('PATCH', `/${id}`, body);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<InboxMessage>();
  };
  const detail = async (id: string) => {
    const response = await call('GET', `/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<InboxMessageDetail>();
  };
  const steps = async (id: string) =>
    (await detail(id)).history.map((step) => [step.action, step.fromStatus, step.toStatus]);

  it('lists newest first with paging, the filtered total and the unread count of the event', async () => {
    for (const text of ['one', 'two', 'three']) await seedMessage(app, event.id, { text });
    await seedMessage(app, event.id, { text: 'read one', read: 1 });
    const first = await list('?pageSize=2');
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 4, unreadCount: 3 });
    expect(first.results.map((message) => message.text)).toEqual(['read one', 'three']);
    expect(first.results[0]).toEqual({
      id: expect.any(String),
      kind: 'viewer',
      channelId: null,
      authorName: 'Viewer',
      text: 'read one',
      status: 'new',
      read: true,
      answer: null,
      answerPublic: false,
      answeredAt: null,
      answeredBy: null,
      votes: 0,
      pinned: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await texts('?pageSize=2&page=2')).toEqual(['two', 'one']);
    expect(await texts('?pageSize=2&page=3')).toEqual([]);
    expect(await texts('?sort=oldest')).toEqual(['one', 'two', 'three', 'read one']);
    // Filters change the total, never the unread count.
    expect(await list('?unread=false')).toMatchObject({ total: 1, unreadCount: 3 });
    expect(await texts('?unread=true')).toEqual(['three', 'two', 'one']);
  });

  it('filters by status, answer, channel and kind, and sorts by votes', async () => {
    const channel = await callAs(app, owner, 'POST', `/events/${event.id}/channels`, {
      slug: 'de',
      title: 'Deutsch',
    });
    expect(channel.statusCode, channel.body).toBe(201);
    const channelId = channel.json<{ id: string }>().id;
    await seedMessage(app, event.id, { text: 'main', votes: 2 });
    await seedMessage(app, event.id, { text: 'channel', channel_id: channelId, votes: 5 });
    await seedMessage(app, event.id, {
      text: 'answered',
      status: 'answered',
      answer: 'Yes',
      votes: 2,
    });
    await seedMessage(app, event.id, { text: 'declined', status: 'declined' });
    expect((await call('POST', '', { text: 'note' })).statusCode).toBe(201);

    expect(await texts('?status=declined')).toEqual(['declined']);
    expect(await texts('?answered=true')).toEqual(['answered']);
    expect(await texts('?answered=false&kind=viewer')).toEqual(['declined', 'channel', 'main']);
    expect(await texts(`?channel=${channelId}`)).toEqual(['channel']);
    expect(await texts('?channel=main&kind=viewer')).toEqual(['declined', 'answered', 'main']);
    expect(await texts('?kind=internal')).toEqual(['note']);
    // Most votes first; equal votes newest first.
    expect(await texts('?sort=votes&kind=viewer')).toEqual([
      'channel',
      'answered',
      'main',
      'declined',
    ]);
    expect((await call('GET', '?status=maybe')).statusCode).toBe(400);
    expect((await call('GET', '?unread=yes')).statusCode).toBe(400);
    expect((await call('GET', '?pageSize=101')).statusCode).toBe(400);
    expect((await call('GET', '?colour=red')).statusCode).toBe(400);
  });

  it('searches text, name and answer case-insensitively, with % and _ taken literally', async () => {
    await seedMessage(app, event.id, { text: 'When does the KEYNOTE start?' });
    await seedMessage(app, event.id, { text: 'Hello', author_name: 'Keynote Fan' });
    await seedMessage(app, event.id, { text: 'Question', answer: 'After the keynote' });
    await seedMessage(app, event.id, { text: 'Save 100% now' });
    await seedMessage(app, event.id, { text: 'Save 1000 now' });
    await seedMessage(app, event.id, { text: 'snake_case' });
    await seedMessage(app, event.id, { text: 'snakeXcase' });
    await seedMessage(app, event.id, { text: 'back\\slash' });

    expect(await texts('?q=keynote&sort=oldest')).toEqual([
      'When does the KEYNOTE start?',
      'Hello',
      'Question',
    ]);
    expect(await texts(`?q=${encodeURIComponent('100%')}`)).toEqual(['Save 100% now']);
    expect(await texts('?q=e_c')).toEqual(['snake_case']);
    expect(await texts(`?q=${encodeURIComponent('k\\s')}`)).toEqual(['back\\slash']);
    expect(await texts('?q=nothing-like-this')).toEqual([]);
    expect((await list('?q=save')).total).toBe(2);
  });

  it('answers a 400 naming the field, never a 500, to a NUL or another control character in the query or an id', async () => {
    const id = await seedMessage(app, event.id);
    const token = await renewGuestToken(app, owner, event.id);
    const guestHeaders = { 'token-authorization': token };
    for (const [query, field] of [
      ['?q=%00', 'q'],
      ['?q=a%0Ab', 'q'],
      ['?q=a%7Fb', 'q'],
      ['?channel=%00', 'channel'],
      ['?channel=a%20b', 'channel'],
    ] as const) {
      for (const path of ['', '/export']) {
        const response = await call('GET', `${path}${query}`);
        expect(response.statusCode, `${path}${query}`).toBe(400);
        expect(response.json<{ errors: object }>().errors).toHaveProperty(field);
      }
      const guest = await app.inject({
        url: `/api/shared/messages/${event.id}${query}`,
        headers: guestHeaders,
      });
      expect(guest.statusCode, `guest ${query}`).toBe(400);
    }
    for (const [method, url, headers] of [
      ['GET', `/api/events/${event.id}/messages/a%00b`, {}],
      ['PATCH', `/api/events/${event.id}/messages/a%00b`, {}],
      ['DELETE', `/api/events/${event.id}/messages/a%00b`, {}],
      ['GET', `/api/events/a%00b/messages`, {}],
      ['GET', `/api/events/a%00b/messages/${id}`, {}],
      ['GET', `/api/events/a%00b/messages/stream`, {}],
      ['GET', `/api/shared/messages/a%00b`, guestHeaders],
      ['PATCH', `/api/shared/messages/${event.id}/a%00b`, guestHeaders],
      ['GET', `/api/shared/messages/a%00b/stream`, guestHeaders],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: { ...headers, authorization: `Bearer ${owner.tokens.access.token}` },
        ...(method === 'PATCH' ? { payload: { read: true } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
    }
    expect(await detail(id)).toMatchObject({ read: false });
  });

  it('writes internal messages as the signed-in organiser', async () => {
    const response = await call('POST', '', { text: '  Mic check at 9  ' });
    expect(response.statusCode, response.body).toBe(201);
    const message = response.json<InboxMessage>();
    expect(message).toMatchObject({
      kind: 'internal',
      authorName: 'Olivia Owner',
      text: 'Mic check at 9',
      read: true,
      status: 'new',
      channelId: null,
    });
    const row = await app.db
      .selectFrom('messages')
      .select('author_user_id')
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(row.author_user_id).toBe(owner.user.id);
    expect(await logOf(app, event.id)).toEqual([[message.id, 'created']]);
    // Unread counts viewer messages only.
    expect((await list()).unreadCount).toBe(0);

    expect((await call('POST', '', { text: '   ' })).statusCode).toBe(400);
    expect((await call('POST', '', { text: 'x', kind: 'viewer' })).statusCode).toBe(400);
    expect((await list()).total).toBe(1);
  });

  it('moves a message through its states, records each step and undoes them', async () => {
    const id = await seedMessage(app, event.id);
    expect(await patch(id, { status: 'approved' })).toMatchObject({ status: 'approved' });
    // A new answer on an approved message answers it.
    const answered = await patch(id, { answer: 'At nine.', answerPublic: true });
    expect(answered).toMatchObject({
      status: 'answered',
      answer: 'At nine.',
      answerPublic: true,
      answeredBy: 'Olivia Owner',
      answeredAt: expect.any(String),
    });
    // Editing keeps its visibility.
    expect(await patch(id, { answer: 'At half past nine.' })).toMatchObject({
      answer: 'At half past nine.',
      answerPublic: true,
      status: 'answered',
    });
    // Refused: answered cannot move to declined; nothing changes.
    const refused = await call('PATCH', `/${id}`, { status: 'declined', read: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 409,
      message: ERROR_MESSAGES.messageTransitionNotAllowed,
    });
    expect(await detail(id)).toMatchObject({ status: 'answered', read: false });
    // Removing the answer moves it back to approved; then undo the approval.
    expect(await patch(id, { answer: null })).toMatchObject({
      status: 'approved',
      answer: null,
      answeredBy: null,
      answeredAt: null,
    });
    expect(await patch(id, { status: 'new' })).toMatchObject({ status: 'new' });
    expect(await patch(id, { answerPublic: false })).toMatchObject({ answerPublic: false });

    const history = await detail(id);
    expect(history.history.map((step) => [step.action, step.fromStatus, step.toStatus])).toEqual([
      ['status', 'new', 'approved'],
      ['answer', 'approved', 'approved'],
      ['status', 'approved', 'answered'],
      ['answerVisibility', null, null],
      ['answer', 'answered', 'answered'],
      ['answer', 'answered', 'answered'],
      ['status', 'answered', 'approved'],
      ['status', 'approved', 'new'],
      ['answerVisibility', null, null],
    ]);
    expect(new Set(history.history.map((step) => [step.actorName, step.actorKind].join()))).toEqual(
      new Set(['Olivia Owner,user']),
    );
    // One log entry per change, none for the refused one.
    expect((await logOf(app, event.id)).length).toBe(6);
  });

  it('answers an approved question publicly unless asked not to; other first answers stay private', async () => {
    const approved = await seedMessage(app, event.id, { status: 'approved' });
    expect(await patch(approved, { answer: 'At nine.' })).toMatchObject({
      status: 'answered',
      answerPublic: true,
    });
    const privately = await seedMessage(app, event.id, { status: 'approved' });
    expect(await patch(privately, { answer: 'At nine.', answerPublic: false })).toMatchObject({
      answerPublic: false,
    });
    // A question nobody approved yet is not on the page: its answer stays with its sender.
    const unmoderated = await seedMessage(app, event.id);
    expect(await patch(unmoderated, { answer: 'At nine.' })).toMatchObject({
      status: 'answered',
      answerPublic: false,
    });
    // Editing an answer made private keeps it private.
    expect(await patch(privately, { answer: 'At ten.' })).toMatchObject({ answerPublic: false });
  });

  it('marks read and unread without history; an empty patch or an unknown field is a 400', async () => {
    const id = await seedMessage(app, event.id);
    expect(await patch(id, { read: true })).toMatchObject({ read: true });
    expect((await list()).unreadCount).toBe(0);
    expect(await patch(id, { read: false })).toMatchObject({ read: false });
    expect(await steps(id)).toEqual([]);
    expect((await call('PATCH', `/${id}`, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/${id}`, { votes: 100 })).statusCode).toBe(400);
    expect((await call('PATCH', `/${id}`, { status: 'done' })).statusCode).toBe(400);
    expect((await call('PATCH', `/${id}`, { answer: '   ' })).statusCode).toBe(400);
    // Setting what is already there changes nothing and logs nothing.
    await patch(id, { status: 'new', pinned: false });
    expect(await logOf(app, event.id)).toEqual([
      [id, 'changed'],
      [id, 'changed'],
    ]);
  });

  it('pins one question per event: pinning another unpins the first', async () => {
    const first = await seedMessage(app, event.id, { text: 'first' });
    const second = await seedMessage(app, event.id, { text: 'second' });
    expect(await patch(first, { pinned: true })).toMatchObject({ pinned: true });
    expect(await patch(second, { pinned: true })).toMatchObject({ pinned: true });
    const pinned = (await list()).results.filter((message) => message.pinned);
    expect(pinned.map((message) => message.text)).toEqual(['second']);
    expect(await steps(first)).toEqual([
      ['pin', null, null],
      ['unpin', null, null],
    ]);
    expect(await patch(second, { pinned: false })).toMatchObject({ pinned: false });
    expect((await list()).results.some((message) => message.pinned)).toBe(false);
    // Internal notes never reach the page, so they cannot be pinned.
    const note = (await call('POST', '', { text: 'note' })).json<InboxMessage>();
    expect((await call('PATCH', `/${note.id}`, { pinned: true })).statusCode).toBe(409);
  });

  it('pins no declined or archived question, which would only take the pin from the shown one', async () => {
    const shown = await seedMessage(app, event.id, { text: 'shown', status: 'approved' });
    expect(await patch(shown, { pinned: true })).toMatchObject({ pinned: true });
    for (const status of ['declined', 'archived'] as const) {
      const aside = await seedMessage(app, event.id, { status });
      const refused = await call('PATCH', `/${aside}`, { pinned: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: ERROR_MESSAGES.messageTransitionNotAllowed });
      // Nor in the same patch that puts it aside.
      const moving = await seedMessage(app, event.id);
      expect((await call('PATCH', `/${moving}`, { status, pinned: true })).statusCode).toBe(409);
      expect(await detail(moving)).toMatchObject({ status: 'new', pinned: false });
    }
    const pinned = (await list()).results.filter((message) => message.pinned);
    expect(pinned.map((message) => message.text)).toEqual(['shown']);
    // Taken back from the declined state, it can be pinned again.
    const back = await seedMessage(app, event.id, { status: 'declined' });
    expect(await patch(back, { status: 'approved', pinned: true })).toMatchObject({ pinned: true });
  });

  it('answers, moderates and pins no internal note (409), which only gets marked read', async () => {
    const note = (await call('POST', '', { text: 'note' })).json<InboxMessage>();
    for (const body of [
      { answer: 'Noted' },
      { answerPublic: true },
      { status: 'approved' },
      { status: 'declined' },
    ]) {
      const refused = await call('PATCH', `/${note.id}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(409);
      expect(refused.json()).toMatchObject({ message: ERROR_MESSAGES.messageTransitionNotAllowed });
    }
    expect(await patch(note.id, { read: false })).toMatchObject({ read: false });
    expect(await detail(note.id)).toMatchObject({
      status: 'new',
      answer: null,
      answerPublic: false,
      history: [],
    });
  });

  it('keeps one pin when two questions are pinned at the same moment', async () => {
    const ids = await Promise.all(
      ['a', 'b', 'c', 'd'].map((text) => seedMessage(app, event.id, { text })),
    );
    const answers = await Promise.all(ids.map((id) => call('PATCH', `/${id}`, { pinned: true })));
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await list()).results.filter((message) => message.pinned)).toHaveLength(1);
  });

  it('deletes a message and logs it; another event’s message is "Message not found"', async () => {
    const id = await seedMessage(app, event.id);
    const elsewhere = await createEvent(app, owner, 'Elsewhere');
    const foreign = await seedMessage(app, elsewhere.id);
    const notFound = { code: 404, message: ERROR_MESSAGES.messageNotFound };
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { read: true }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, `/${foreign}`, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/${id}`)).json()).toEqual(notFound);
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(404);
    expect(await logOf(app, event.id)).toEqual([[id, 'deleted']]);
    expect((await list()).total).toBe(0);
  });

  it('answers another account as a missing event, and refuses callers without sign-in', async () => {
    const id = await seedMessage(app, event.id);
    const eventNotFound = { code: 404, message: ERROR_MESSAGES.eventNotFound };
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['GET', '/export', undefined],
      ['GET', `/${id}`, undefined],
      ['POST', '', { text: 'Hi' }],
      ['PATCH', `/${id}`, { status: 'declined' }],
      ['DELETE', `/${id}`, undefined],
    ] as const) {
      const response = await call(method, path, body, other);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json()).toEqual(eventNotFound);
      const anonymous = await app.inject({
        method,
        url: `/api/events/${event.id}/messages${path}`,
        ...(body ? { payload: body } : {}),
      });
      expect(anonymous.statusCode).toBe(401);
    }
    expect(await detail(id)).toMatchObject({ status: 'new', read: false });
  });

  it('answers an export whose read fails with the usual JSON 500, not CSV headers', async () => {
    await seedMessage(app, event.id);
    const selectFrom = app.db.selectFrom.bind(app.db);
    const spy = vi.spyOn(app.db, 'selectFrom').mockImplementation(((table: string) => {
      if (table === 'messages') throw new Error('the database went away');
      return selectFrom(table as never);
    }) as typeof app.db.selectFrom);
    try {
      const response = await call('GET', '/export');
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ code: 500, message: ERROR_MESSAGES.internal });
    } finally {
      spy.mockRestore();
    }
  });

  it('exports the filtered messages as CSV in the user’s delimiter, formulas neutralised', async () => {
    await seedMessage(app, event.id, {
      text: 'Line one; "quoted"\nline two',
      author_name: '=HYPERLINK("https://evil.example")',
    });
    await seedMessage(app, event.id, { text: '@SUM(1)', answer: '-1', status: 'answered' });
    await seedMessage(app, event.id, { text: 'declined', status: 'declined' });
    const settings = await callAs(app, owner, 'PATCH', '/settings', { csvDelimiter: ';' });
    expect(settings.statusCode, settings.body).toBe(200);

    const response = await call('GET', '/export?sort=oldest&status=new');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="messages-${event.slug}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain(';"Line one; ""quoted""\nline two";');
    const records = parse(response.rawPayload, {
      delimiter: ';',
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(records.map((record) => [record.Name, record.Message])).toEqual([
      ['\'=HYPERLINK("https://evil.example")', 'Line one; "quoted"\nline two'],
    ]);

    // In the dashboard's language: its locale cookie.
    const german = await app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/messages/export?sort=oldest`,
      headers: { ...owner.headers, 'accept-language': 'en' },
      cookies: { 'lvnt.locale': 'de' },
    });
    const all = parse(german.rawPayload, {
      delimiter: ';',
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(all.map((record) => [record.Nachricht, record.Antwort, record.Status])).toEqual([
      ['Line one; "quoted"\nline two', '', 'Neu'],
      ["'@SUM(1)", "'-1", 'Beantwortet'],
      ['declined', '', 'Abgelehnt'],
    ]);
    expect(Object.keys(all[0] ?? {})).toEqual([
      'ID',
      'Gesendet am',
      'Art',
      'Kanal-ID',
      'Status',
      'Gelesen',
      'Name',
      'Nachricht',
      'Antwort',
      'Antwort öffentlich',
      'Beantwortet am',
      'Beantwortet von',
      'Stimmen',
      'Angeheftet',
    ]);
    expect((await call('GET', '/export?sort=sideways')).statusCode).toBe(400);
  });
});
