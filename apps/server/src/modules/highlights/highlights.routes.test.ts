import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES, HIGHLIGHTS_MAX, type EventListItem, type Highlight } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { callAs, createEvent, eventRow, insertHighlights, type Method } from '../../test/events.js';

const input = (title: string) => ({
  group: 'Talks',
  title,
  description: 'About it',
  link: 'https://example.com/talk',
  image: null,
});

describe('highlights API', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let owner: SignedInUser;
  let event: EventListItem;

  beforeAll(async () => {
    testApp = await buildTestApp();
    app = testApp.app;
    owner = await registerVerified(app);
  });
  afterAll(async () => testApp.cleanup());
  beforeEach(async () => {
    await app.db.deleteFrom('events').where('owner_id', '=', owner.user.id).execute();
    event = await createEvent(app, owner, 'Highlights');
  });

  const call = (method: Method, path: string, payload?: object) =>
    callAs(app, owner, method, `/events/${event.id}/highlights${path}`, payload);
  const add = async (title: string) => {
    const response = await call('POST', '', input(title));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Highlight>();
  };
  const titles = async () =>
    (await call('GET', '')).json<Highlight[]>().map((highlight) => highlight.title);
  const version = async () => (await eventRow(app, event.id)).version;

  it('creates, lists in order, changes and deletes highlights, bumping the version each time', async () => {
    const first = await add('Keynote');
    expect(first).toEqual({ id: expect.any(String), position: 0, ...input('Keynote') });
    await add('Panel');
    const third = await add('Q&A');
    expect(await titles()).toEqual(['Keynote', 'Panel', 'Q&A']);
    expect(await version()).toBe(4);

    const changed = await call('PATCH', `/${first.id}`, {
      title: 'Opening keynote',
      image: '/uploads/0b8f2c4e-1d2a-4a9b-9c3e-6f7a8b9c0d1e.jpg',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      ...first,
      title: 'Opening keynote',
      image: '/uploads/0b8f2c4e-1d2a-4a9b-9c3e-6f7a8b9c0d1e.jpg',
    });
    expect(await version()).toBe(5);

    expect((await call('DELETE', `/${first.id}`)).statusCode).toBe(204);
    const rest = (await call('GET', '')).json<Highlight[]>();
    expect(rest.map((h) => [h.title, h.position])).toEqual([
      ['Panel', 0],
      ['Q&A', 1],
    ]);
    expect(await version()).toBe(6);
    // The next one goes to the end.
    await add('Outro');
    expect(await titles()).toEqual(['Panel', 'Q&A', 'Outro']);
    expect(third.position).toBe(2);
  });

  it('creates a highlight from a title alone, the other fields empty', async () => {
    const response = await call('POST', '', { title: 'Just a title' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      position: 0,
      group: '',
      title: 'Just a title',
      description: '',
      link: '',
      image: null,
    });
    expect((await call('POST', '', { title: 'x', owner: 'me' })).statusCode).toBe(400);
  });

  it("removes a deleted highlight from the event's channels that list it", async () => {
    const keep = await add('Keep');
    const drop = await add('Drop');
    const channel = await callAs(app, owner, 'POST', `/events/${event.id}/channels`, {
      slug: 'de',
      title: 'Deutsch',
    });
    expect(channel.statusCode, channel.body).toBe(201);
    const channelUrl = `/events/${event.id}/channels/${channel.json<{ id: string }>().id}`;
    const listed = await callAs(app, owner, 'PATCH', channelUrl, {
      highlightIds: [keep.id, drop.id],
    });
    expect(listed.statusCode, listed.body).toBe(200);

    expect((await call('DELETE', `/${drop.id}`)).statusCode).toBe(204);
    const after = await callAs(app, owner, 'GET', channelUrl);
    expect(after.json<{ highlightIds: string[] }>().highlightIds).toEqual([keep.id]);
  });

  it('reorders with exactly the event’s ids', async () => {
    const a = await add('A');
    const b = await add('B');
    const c = await add('C');
    const response = await call('PUT', '/order', { ids: [c.id, a.id, b.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json<Highlight[]>().map((h) => [h.title, h.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    expect(await titles()).toEqual(['C', 'A', 'B']);

    for (const ids of [
      [c.id, a.id],
      [c.id, a.id, a.id],
      [c.id, a.id, b.id, randomUUID()],
      [c.id, a.id, randomUUID()],
    ]) {
      const refused = await call('PUT', '/order', { ids });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ ids: 'validation.invalid' });
    }
    expect(await titles()).toEqual(['C', 'A', 'B']);
  });

  it('validates highlights', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ ...input(''), title: ' ' }, { title: 'validation.required' }],
      [input('x'.repeat(101)), { title: 'validation.maxLength?max=100' }],
      [{ ...input('T'), group: 'g'.repeat(51) }, { group: 'validation.maxLength?max=50' }],
      [
        { ...input('T'), description: 'd'.repeat(1001) },
        { description: 'validation.maxLength?max=1000' },
      ],
      [{ ...input('T'), link: 'javascript:alert(1)' }, { link: 'validation.url' }],
      [{ ...input('T'), image: 'https://evil.example/a.png' }, { image: 'validation.invalid' }],
      [{ group: 'Talks' }, { title: 'validation.required' }],
      [{ ...input('T'), position: 3 }, { position: 'validation.unknownField' }],
    ];
    for (const [payload, errors] of cases) {
      const response = await call('POST', '', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    const highlight = await add('Fine');
    const patch = await call('PATCH', `/${highlight.id}`, { link: 'nope' });
    expect(patch.json().errors).toEqual({ link: 'validation.url' });
    expect(await version()).toBe(2);
  });

  it('answers 404 for an unknown highlight or one of another event', async () => {
    const other = await createEvent(app, owner, 'Other');
    const foreign = await callAs(app, owner, 'POST', `/events/${other.id}/highlights`, input('X'));
    const foreignId = foreign.json<Highlight>().id;
    for (const id of [randomUUID(), foreignId]) {
      for (const [method, payload] of [
        ['PATCH', { title: 'Y' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(method, `/${id}`, payload);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 404, message: ERROR_MESSAGES.notFound });
      }
    }
  });

  it(`stops at ${HIGHLIGHTS_MAX} highlights per event`, async () => {
    await insertHighlights(app, event.id, HIGHLIGHTS_MAX);
    const response = await call('POST', '', input('One too many'));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      highlights: `validation.maxEntries?max=${HIGHLIGHTS_MAX}`,
    });
  });
});
