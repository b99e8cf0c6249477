import { randomUUID } from 'node:crypto';
import type { EventSettings, MessageStatus, ViewerMessages } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { abuseLimits } from '../../../lib/abuse-limits.js';
import { register, type SignedInUser } from '../../../test/accounts.js';
import { callAs } from '../../../test/events.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { listMessages } from '../../messages/messages.repository.js';
import { insertChannel, insertEvent, onEventsHost, type TestEvent } from '../public.fixtures.js';

// The viewer side of messages on the public page (ADR 025): submit with an idempotency key,
// the viewer's own messages and the public questions, votes, and the limits.

let test: TestApp;
let app: FastifyInstance;
let ownerId: string;
let owner: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp(
    {},
    {
      abuseLimits: abuseLimits({
        viewerMessagesPerViewer: 3,
        viewerMessagesPerAddress: 5,
        viewerVotesPerViewer: 3,
        viewerVotesPerAddress: 1000,
      }),
    },
  );
  app = test.app;
  owner = await register(app);
  ownerId = owner.user.id;
});
afterAll(() => test.cleanup());
afterEach(() => {
  vi.restoreAllMocks();
});

const post = (slug: string, payload: object, headers: Record<string, string> = {}) =>
  onEventsHost(app, `/${slug}/_messages`, { method: 'POST', payload, headers });

const vote = (slug: string, id: string, headers: Record<string, string> = {}) =>
  onEventsHost(app, `/${slug}/_messages/${id}/vote`, { method: 'POST', headers });

async function read(slug: string, headers: Record<string, string> = {}, query = '') {
  const response = await onEventsHost(app, `/${slug}/_messages${query}`, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ViewerMessages>();
}

const message = (text = 'When does it start?', extra: object = {}) => ({
  text,
  key: randomUUID(),
  ...extra,
});

/** The `cookie` header that sends back the viewer cookie an answer set. */
function viewerCookie(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  expect(typeof header).toBe('string');
  return (header as string).split(';')[0] ?? '';
}

/** A new viewer: one message sent, answering its cookie and the message id. */
async function newViewer(event: TestEvent, text = 'Hello') {
  const response = await post(event.slug, message(text));
  expect(response.statusCode, response.body).toBe(201);
  return { cookie: viewerCookie(response), id: response.json<{ id: string }>().id };
}

const qaEvent = (settings: Partial<EventSettings> = {}) =>
  insertEvent(app, ownerId, { messagesEnabled: true, messagesMode: 'qa', ...settings });

let clock = Date.parse('2026-11-24T09:00:00.000Z');

/** A message row as the inbox would have left it (before the inbox's PATCH route existed). */
async function insertMessage(
  event: TestEvent,
  fields: {
    status?: MessageStatus;
    text?: string;
    answer?: string | null;
    answerPublic?: boolean;
    votes?: number;
    pinned?: boolean;
    channelId?: string | null;
    viewerId?: string | null;
    kind?: 'viewer' | 'internal';
  } = {},
): Promise<string> {
  const id = randomUUID();
  clock += 1000;
  const at = new Date(clock).toISOString();
  await app.db
    .insertInto('messages')
    .values({
      id,
      event_id: event.id,
      channel_id: fields.channelId ?? null,
      kind: fields.kind ?? 'viewer',
      author_name: 'Ada',
      text: fields.text ?? `Question ${id.slice(0, 4)}`,
      answer: fields.answer ?? null,
      answer_public: fields.answerPublic ? 1 : 0,
      status: fields.status ?? 'new',
      votes: fields.votes ?? 0,
      pinned_at: fields.pinned ? at : null,
      viewer_id: fields.viewerId ?? null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

const setStatus = (id: string, status: MessageStatus) =>
  app.db.updateTable('messages').set({ status }).where('id', '=', id).execute();

const logOf = (eventId: string) =>
  app.db
    .selectFrom('message_log')
    .select(['message_id', 'change'])
    .where('event_id', '=', eventId)
    .orderBy('seq')
    .execute();

describe('viewer messages: submit', () => {
  it('stores a new message with its channel, viewer and key, logs it and wakes the live feed', async () => {
    const notify = vi.spyOn(app.services.messageFeed, 'notify');
    const event = await qaEvent();
    const channelId = await insertChannel(app, event.id, { slug: 'room-2', title: 'Room 2' });
    const key = randomUUID();
    const response = await post(event.slug, {
      name: ' Ada ',
      text: 'When is the Q&A?',
      channel: 'room-2',
      key,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toMatch(
      /^lvnt\.viewer=[0-9a-f-]{36}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/,
    );
    const viewerId = viewerCookie(response).split('=')[1];
    const { id, status } = response.json<{ id: string; status: string }>();
    expect(status).toBe('new');
    const [row] = await listMessages(app.db, event.id);
    expect(row).toMatchObject({
      id,
      event_id: event.id,
      channel_id: channelId,
      kind: 'viewer',
      author_name: 'Ada',
      text: 'When is the Q&A?',
      status: 'new',
      read: 0,
      answer: null,
      viewer_id: viewerId,
      idempotency_key: key,
    });
    expect(row?.updated_at).toBe(row?.created_at);
    expect(await logOf(event.id)).toEqual([{ message_id: id, change: 'created' }]);
    expect(notify).toHaveBeenCalledWith(event.id);
  });

  it('keeps the viewer cookie it was sent', async () => {
    const event = await qaEvent();
    const { cookie } = await newViewer(event);
    const second = await post(event.slug, message('Again'), { cookie });
    expect(second.statusCode).toBe(201);
    expect(second.headers['set-cookie']).toBeUndefined();
    const rows = await listMessages(app.db, event.id);
    expect(new Set(rows.map((row) => row.viewer_id)).size).toBe(1);
  });

  it('takes the name as optional: absent or empty is stored as an empty name', async () => {
    const event = await qaEvent();
    expect((await post(event.slug, message('One'))).statusCode).toBe(201);
    expect((await post(event.slug, message('Two', { name: '  ' }))).statusCode).toBe(201);
    const rows = await listMessages(app.db, event.id);
    expect(rows.map((row) => row.author_name)).toEqual(['', '']);
  });

  it('answers a retry with the same key with the stored message and stores nothing', async () => {
    const event = await qaEvent();
    const payload = message('Only once');
    const first = await post(event.slug, payload);
    expect(first.statusCode).toBe(201);
    const cookie = viewerCookie(first);
    const retry = await post(event.slug, payload, { cookie });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await listMessages(app.db, event.id)).toHaveLength(1);
    expect(await logOf(event.id)).toHaveLength(1);
  });

  it("refuses another viewer's key without telling its message id or state, and stores nothing", async () => {
    const event = await qaEvent();
    const payload = message('Mine alone');
    const first = await post(event.slug, payload);
    expect(first.statusCode).toBe(201);
    const { id } = first.json<{ id: string }>();
    await setStatus(id, 'declined');
    const strangers: Record<string, string>[] = [{}, { cookie: (await newViewer(event)).cookie }];
    for (const headers of strangers) {
      const copied = await post(event.slug, { ...payload, text: 'Copied key' }, headers);
      expect(copied.statusCode).toBe(400);
      expect(copied.body).not.toContain(id);
      expect(copied.body).not.toContain('declined');
    }
    const rows = await listMessages(app.db, event.id);
    expect(rows.filter((row) => row.text === 'Copied key')).toHaveLength(0);
    // Another event knows nothing of this key: there it is simply new.
    expect((await post((await qaEvent()).slug, payload)).statusCode).toBe(201);
  });

  it('lets one of two viewers racing with one key store its message; the other gets nothing', async () => {
    const event = await qaEvent();
    const [a, b] = [await newViewer(event), await newViewer(event)];
    const payload = message('Raced key');
    const answers = await Promise.all([
      post(event.slug, payload, { cookie: a.cookie }),
      post(event.slug, payload, { cookie: b.cookie }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400);
    const stored = answers.find((answer) => answer.statusCode === 201);
    expect(refused?.body).not.toContain(stored?.json<{ id: string }>().id);
  });

  it('stores one message for a concurrent double submit (the unique index decides)', async () => {
    const event = await qaEvent();
    const { cookie } = await newViewer(event);
    const payload = message('Double click');
    const answers = await Promise.all([
      post(event.slug, payload, { cookie }),
      post(event.slug, payload, { cookie }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const [a, b] = answers.map((answer) => answer.json<{ id: string }>().id);
    expect(a).toBe(b);
    const rows = await listMessages(app.db, event.id);
    expect(rows.filter((row) => row.text === 'Double click')).toHaveLength(1);
  });

  it.each([
    [{ text: '   ' }, 'text'],
    [{ text: 'x'.repeat(2001) }, 'text'],
    [{ text: 'x', extra: 1 }, 'extra'],
    [{ text: 'x', name: 'A\r\nB' }, 'name'],
    [{ text: 'x', name: 'x'.repeat(101) }, 'name'],
    [{ text: 'x\u0000y' }, 'text'],
    [{ text: 'x\ud800y' }, 'text'],
    [{ text: 'x', key: 'not-a-uuid' }, 'key'],
    [{ text: 'x', key: undefined }, 'key'],
  ])('refuses invalid messages %j', async (fields, field) => {
    const event = await qaEvent();
    const response = await post(event.slug, { key: randomUUID(), ...fields });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(field);
    expect(await listMessages(app.db, event.id)).toHaveLength(0);
  });

  it('refuses messages when the message tool is off, for unknown events and channels', async () => {
    const off = await insertEvent(app, ownerId, { messagesEnabled: false });
    expect((await post(off.slug, message())).statusCode).toBe(403);
    expect((await post('no-such-event', message())).statusCode).toBe(404);
    const on = await qaEvent();
    const hidden = await post(on.slug, message('x', { channel: 'nope' }));
    expect(hidden.statusCode).toBe(404);
    expect(await listMessages(app.db, on.id)).toHaveLength(0);
  });

  it('limits per viewer and, far more generously, per address; a 429 says when to retry', async () => {
    const event = await qaEvent();
    const first = message('1');
    const cookie = viewerCookie(await post(event.slug, first));
    for (const text of ['2', '3']) {
      expect((await post(event.slug, message(text), { cookie })).statusCode).toBe(201);
    }
    const limited = await post(event.slug, message('4'), { cookie });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(20 * 60);
    // A retry of a stored submit is answered from its key, limit or not.
    expect((await post(event.slug, first, { cookie })).statusCode).toBe(200);
    // Another viewer behind the same address still gets through until the address limit (the
    // refused attempt counted there too).
    expect((await post(event.slug, message('5'))).statusCode).toBe(201);
    expect((await post(event.slug, message('6'))).statusCode).toBe(429);
    expect(await listMessages(app.db, event.id)).toHaveLength(4);
  });
});

describe('viewer messages: what the page shows', () => {
  it('Q&A: approved and publicly answered questions of this page, pinned first, then votes, then newest', async () => {
    const event = await qaEvent();
    const roomId = await insertChannel(app, event.id, { slug: 'room', title: 'Room' });
    const older = await insertMessage(event, { status: 'approved', votes: 2 });
    const newer = await insertMessage(event, { status: 'approved', votes: 2 });
    const top = await insertMessage(event, {
      status: 'answered',
      votes: 5,
      answer: 'Yes',
      answerPublic: true,
    });
    const pinned = await insertMessage(event, { status: 'approved', votes: 0, pinned: true });
    // Answered privately (perhaps straight from new): neither the question nor the answer shows.
    await insertMessage(event, {
      status: 'answered',
      votes: 9,
      text: 'My email is ada@example.com',
      answer: 'Only for you',
    });
    for (const status of ['new', 'declined', 'archived'] as const) {
      await insertMessage(event, { status, votes: 9 });
    }
    await insertMessage(event, { status: 'approved', kind: 'internal', votes: 9 });
    const inRoom = await insertMessage(event, { status: 'approved', channelId: roomId });

    const main = await read(event.slug);
    expect(main.mode).toBe('qa');
    expect(main.questions.map((question) => question.id)).toEqual([pinned, top, newer, older]);
    expect(main.questions[0]).toMatchObject({ pinned: true, authorName: 'Ada', votes: 0 });
    expect(main.questions[1]).toMatchObject({ answer: 'Yes', status: 'answered', votes: 5 });
    expect(JSON.stringify(main)).not.toContain('Only for you');
    expect(JSON.stringify(main)).not.toContain('ada@example.com');

    const room = await read(event.slug, {}, '?channel=room');
    expect(room.questions.map((question) => question.id)).toEqual([inRoom]);
  });

  it('plain messages: only those with a public answer, newest first', async () => {
    const event = await insertEvent(app, ownerId, { messagesEnabled: true });
    const first = await insertMessage(event, {
      status: 'answered',
      answer: 'A1',
      answerPublic: true,
    });
    await insertMessage(event, { status: 'answered', answer: 'Private', answerPublic: false });
    await insertMessage(event, { status: 'approved' });
    await insertMessage(event, { status: 'declined', answer: 'Hidden', answerPublic: true });
    const second = await insertMessage(event, {
      status: 'archived',
      answer: 'A2',
      answerPublic: true,
    });
    const shown = await read(event.slug);
    expect(shown.mode).toBe('messages');
    expect(shown.questions.map((question) => [question.id, question.answer])).toEqual([
      [second, 'A2'],
      [first, 'A1'],
    ]);
  });

  it("answers the viewer's own messages only, with status and answer, a private one too", async () => {
    const event = await qaEvent();
    const ada = await newViewer(event, 'Mine');
    const bob = await newViewer(event, 'Not mine');
    await app.db
      .updateTable('messages')
      .set({ status: 'answered', answer: 'Just for Ada', answer_public: 0 })
      .where('id', '=', ada.id)
      .execute();
    const second = await post(event.slug, message('Mine too'), { cookie: ada.cookie });
    const mine = await read(event.slug, { cookie: ada.cookie });
    expect(mine.mine).toEqual([
      expect.objectContaining({
        id: second.json<{ id: string }>().id,
        text: 'Mine too',
        status: 'new',
        answer: null,
      }),
      expect.objectContaining({
        id: ada.id,
        text: 'Mine',
        status: 'answered',
        answer: 'Just for Ada',
        answerPublic: false,
      }),
    ]);
    const theirs = await read(event.slug, { cookie: bob.cookie });
    expect(theirs.mine.map((own) => own.text)).toEqual(['Not mine']);
    expect(JSON.stringify(theirs)).not.toContain('Just for Ada');
  });

  it('is not stored anywhere and sets no cookie; without one the viewer has nothing of their own', async () => {
    const event = await qaEvent();
    await newViewer(event);
    const response = await onEventsHost(app, `/${event.slug}/_messages`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.json()).toEqual({ mode: 'qa', questions: [], voted: [], mine: [] });
    // A malformed cookie is no viewer either.
    const forged = await read(event.slug, { cookie: 'lvnt.viewer=%27%20or%201%3D1' });
    expect(forged.mine).toEqual([]);
  });

  it('tags each answer: unchanged it is a 304, an answer or a pin in the inbox changes it', async () => {
    const event = await qaEvent();
    const ada = await newViewer(event, 'When does it start?');
    const first = await onEventsHost(app, `/${event.slug}/_messages`, {
      headers: { cookie: ada.cookie },
    });
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    const poll = (known: string, cookie = ada.cookie) =>
      onEventsHost(app, `/${event.slug}/_messages`, {
        headers: { cookie, 'if-none-match': known },
      });
    const unchanged = await poll(tag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(tag);
    expect(unchanged.headers['cache-control']).toBe('no-store');
    // Another viewer's list differs (their own messages): the same tag is not theirs.
    expect((await poll(tag, 'lvnt.viewer=someone-else')).statusCode).toBe(200);

    const inbox = (body: object) =>
      callAs(app, owner, 'PATCH', `/events/${event.id}/messages/${ada.id}`, body);
    expect((await inbox({ status: 'approved' })).statusCode).toBe(200);
    const approved = await poll(tag);
    expect(approved.statusCode).toBe(200);
    // Answered without saying how: an approved question's answer is public (ADR 053).
    expect((await inbox({ answer: 'At nine.' })).statusCode).toBe(200);
    const answered = await poll(approved.headers.etag as string);
    expect(answered.statusCode).toBe(200);
    expect(answered.json<ViewerMessages>().questions).toEqual([
      expect.objectContaining({
        id: ada.id,
        status: 'answered',
        answer: 'At nine.',
        pinned: false,
      }),
    ]);
    expect((await inbox({ pinned: true })).statusCode).toBe(200);
    const pinned = await poll(answered.headers.etag as string);
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json<ViewerMessages>().questions[0]).toMatchObject({ pinned: true });
    expect((await poll(pinned.headers.etag as string)).statusCode).toBe(304);
  });

  it('refuses when the message tool is off, for unknown events, channels and query fields', async () => {
    const off = await insertEvent(app, ownerId, { messagesEnabled: false });
    expect((await onEventsHost(app, `/${off.slug}/_messages`)).statusCode).toBe(403);
    expect((await onEventsHost(app, '/no-such-event/_messages')).statusCode).toBe(404);
    const on = await qaEvent();
    expect((await onEventsHost(app, `/${on.slug}/_messages?channel=nope`)).statusCode).toBe(404);
    expect((await onEventsHost(app, `/${on.slug}/_messages?other=1`)).statusCode).toBe(400);
  });
});

describe('viewer messages: votes', () => {
  it('counts one vote per viewer, logs the change and tells the viewer what they voted for', async () => {
    const event = await qaEvent();
    const question = await insertMessage(event, { status: 'approved' });
    const { cookie } = await newViewer(event);
    const notify = vi.spyOn(app.services.messageFeed, 'notify');
    const first = await vote(event.slug, question, { cookie });
    expect(first.statusCode, first.body).toBe(204);
    expect(notify).toHaveBeenCalledTimes(1);
    expect((await vote(event.slug, question, { cookie })).statusCode).toBe(204);
    expect(notify).toHaveBeenCalledTimes(1);

    const shown = await read(event.slug, { cookie });
    expect(shown.questions).toEqual([expect.objectContaining({ id: question, votes: 1 })]);
    expect(shown.voted).toEqual([question]);
    const changes = (await logOf(event.id)).filter((entry) => entry.message_id === question);
    expect(changes).toEqual([{ message_id: question, change: 'changed' }]);

    // Another viewer's vote counts; they see their own votes only.
    const other = await vote(event.slug, question);
    expect(other.statusCode).toBe(204);
    const otherCookie = viewerCookie(other);
    expect((await read(event.slug, { cookie: otherCookie })).questions[0]?.votes).toBe(2);
    const stranger = await read(event.slug);
    expect(stranger.voted).toEqual([]);
  });

  it('counts one vote when one viewer votes several times at the same moment', async () => {
    const event = await qaEvent();
    const question = await insertMessage(event, { status: 'approved' });
    const { cookie } = await newViewer(event);
    const answers = await Promise.all([1, 2, 3].map(() => vote(event.slug, question, { cookie })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204]);
    const row = await app.db
      .selectFrom('messages')
      .select('votes')
      .where('id', '=', question)
      .executeTakeFirstOrThrow();
    expect(row.votes).toBe(1);
    const logged = (await logOf(event.id)).filter((entry) => entry.message_id === question);
    expect(logged).toHaveLength(1);
  });

  it('refuses votes for questions viewers cannot see: 404 Message not found', async () => {
    const event = await qaEvent();
    const { cookie } = await newViewer(event);
    const other = await qaEvent();
    const refused = [
      await insertMessage(event, { status: 'new' }),
      await insertMessage(event, { status: 'declined' }),
      await insertMessage(event, { status: 'archived' }),
      await insertMessage(event, { status: 'answered', answer: 'Private' }),
      await insertMessage(event, { status: 'approved', kind: 'internal' }),
      await insertMessage(other, { status: 'approved' }),
      'no-such-message',
    ];
    for (const id of refused) {
      const response = await vote(event.slug, id, { cookie });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Message not found' });
    }
    const votes = await app.db.selectFrom('message_votes').select('message_id').execute();
    expect(votes.filter((row) => refused.includes(row.message_id))).toEqual([]);

    // Once approved, the same question takes votes.
    await setStatus(refused[0]!, 'approved');
    expect((await vote(event.slug, refused[0]!, { cookie })).statusCode).toBe(204);
  });

  it('answers a 400, never a 500, to a vote for an id with a NUL or another control character', async () => {
    const event = await qaEvent();
    for (const id of ['a%00b', 'a%01b', 'a%20b']) {
      const response = await vote(event.slug, id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json<{ errors: object }>().errors).toHaveProperty('messageId');
    }
  });

  it('takes no votes in plain mode nor with the message tool off', async () => {
    const plain = await insertEvent(app, ownerId, { messagesEnabled: true });
    const answered = await insertMessage(plain, {
      status: 'answered',
      answer: 'A',
      answerPublic: true,
    });
    expect((await vote(plain.slug, answered)).statusCode).toBe(404);
    const off = await qaEvent({ messagesEnabled: false });
    const approved = await insertMessage(off, { status: 'approved' });
    expect((await vote(off.slug, approved)).statusCode).toBe(403);
  });

  it('limits votes per viewer with Retry-After', async () => {
    const event = await qaEvent();
    const { cookie } = await newViewer(event);
    const ids = [];
    for (let index = 0; index < 4; index += 1) {
      ids.push(await insertMessage(event, { status: 'approved' }));
    }
    for (const id of ids.slice(0, 3)) {
      expect((await vote(event.slug, id, { cookie })).statusCode).toBe(204);
    }
    const limited = await vote(event.slug, ids[3]!, { cookie });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await read(event.slug, { cookie })).voted.sort()).toEqual(ids.slice(0, 3).sort());
  });
});

describe('viewer messages: the page', () => {
  it('renders the message tool without any viewer data: the lists come from the script', async () => {
    const event = await qaEvent({ messagesPrompt: 'Ask the speakers' });
    const { id } = await newViewer(event, 'A secret question');
    await setStatus(id, 'approved');
    const response = await onEventsHost(app, `/${event.slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('Ask the speakers');
    expect(html).toContain('<label for="lv-msg-name">Your name (optional)</label>');
    expect(html).toMatch(/<input id="lv-msg-name" maxLength="100"/);
    expect(html).not.toMatch(/<input id="lv-msg-name"[^>]*required/);
    expect(html).toContain('<label for="lv-msg-text">Your question</label>');
    expect(html).toContain('0 of 2000 characters');
    expect(html).toContain('data-template="%n of 2000 characters"');
    expect(html).toContain('data-status-new="Received"');
    expect(html).toContain('data-vote-other="Vote for this question (%n votes)"');
    expect(html).toContain('data-too-many="Too many messages. Please try again %s."');
    expect(html).toContain('Your questions</h3>');
    expect(html).toContain('Questions from the audience</h3>');
    expect(html).not.toContain('A secret question');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('speaks the page language and names plain messages as such', async () => {
    const event = await insertEvent(app, ownerId, { messagesEnabled: true, language: 'de' });
    const html = (await onEventsHost(app, `/${event.slug}`)).body;
    expect(html).toContain('Ihr Name (optional)');
    expect(html).toContain('<label for="lv-msg-text">Ihre Nachricht</label>');
    expect(html).toContain('Von Ihnen gesendete Nachrichten</h3>');
    expect(html).toContain('Antworten des Veranstalters</h3>');
    expect(html).toContain('data-status-answered="Beantwortet"');
  });
});
