import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  type EventListItem,
  type EventSummary,
  type SelfResponse,
} from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, registerVerified, type SignedInUser } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { freeSlug, slugFromTitle } from './event-slug.js';
import {
  callAs,
  createEvent,
  eventRow,
  insertHighlights,
  setPlan,
  type Method,
} from '../../test/events.js';

const EVENTS_URL = 'https://events.example.com';

describe('slugFromTitle', () => {
  it.each([
    ['Sommer-Gala 2025: Köln & Düsseldorf', 'sommer-gala-2025-koeln-duesseldorf'],
    ['Große Straße', 'grosse-strasse'],
    ['  Café   Crème!  ', 'cafe-creme'],
    ['ÄÖÜ', 'aeoeue'],
    ['***', 'event'],
    ['日本', 'event'],
  ])('%s → %s', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it('stays within 100 characters, without a dash at the end', () => {
    const slug = slugFromTitle(`${'a'.repeat(99)} b`);
    expect(slug).toBe('a'.repeat(99));
  });

  it('picks the first free suffix and shortens the base so that it fits', () => {
    expect(freeSlug('launch', new Set())).toBe('launch');
    expect(freeSlug('launch', new Set(['launch', 'launch-2']))).toBe('launch-3');
    expect(freeSlug('uploads', new Set())).toBe('uploads-2');
    const long = 'a'.repeat(100);
    expect(freeSlug(long, new Set([long]))).toBe(`${'a'.repeat(98)}-2`);
  });
});

describe('events API', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let owner: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    testApp = await buildTestApp({ EVENTS_URL });
    app = testApp.app;
    owner = await registerVerified(app, { name: 'Owner' });
    other = await registerVerified(app, { name: 'Other' });
  });
  afterAll(async () => testApp.cleanup());

  const call = (method: Method, path: string, payload?: object, user = owner) =>
    callAs(app, user, method, path, payload);

  it('creates an event with a slug from its title and lists it newest first', async () => {
    const first = await createEvent(app, owner, 'Sommer-Gala Köln');
    expect(first).toEqual({
      id: expect.any(String),
      title: 'Sommer-Gala Köln',
      slug: 'sommer-gala-koeln',
      fullUrl: `${EVENTS_URL}/sommer-gala-koeln`,
      role: 'owner',
      createdAt: expect.any(String),
    });
    const second = await createEvent(app, owner, 'Sommer-Gala Köln');
    const third = await createEvent(app, owner, 'Sommer Gala Koeln');
    expect([second.slug, third.slug]).toEqual(['sommer-gala-koeln-2', 'sommer-gala-koeln-3']);

    const list = await call('GET', '/events');
    expect(list.statusCode).toBe(200);
    const ids = list.json<EventListItem[]>().map((event) => event.id);
    expect(ids.slice(0, 3)).toEqual([third.id, second.id, first.id]);
    // Another account sees none of them.
    expect((await call('GET', '/events', undefined, other)).json()).toEqual([]);

    const row = await eventRow(app, first.id);
    expect(row).toMatchObject({ owner_id: owner.user.id, version: 1, remote_reload_at: null });
  });

  it('takes an explicit slug; one in use or reserved answers 409 at the slug field', async () => {
    const event = await createEvent(app, owner, 'Keynote', 'keynote-2031');
    expect(event.slug).toBe('keynote-2031');
    for (const slug of ['keynote-2031', 'uploads']) {
      const response = await call('POST', '/events', { title: 'Other', slug }, other);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 409,
        message: ERROR_MESSAGES.validationFailed,
        errors: { slug: 'validation.slugInUse' },
      });
    }
  });

  it('validates the create request strictly', async () => {
    const cases: [object, Record<string, string>][] = [
      [{}, { title: 'validation.required' }],
      [{ title: '   ' }, { title: 'validation.required' }],
      [{ title: 'x'.repeat(101) }, { title: 'validation.maxLength?max=100' }],
      [{ title: 'Ok', slug: 'Not A Slug' }, { slug: 'validation.slug' }],
      [{ title: 'Ok', ownerId: other.user.id }, { ownerId: 'validation.unknownField' }],
    ];
    for (const [payload, errors] of cases) {
      const response = await call('POST', '/events', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
  });

  it('refuses unverified accounts and anonymous callers', async () => {
    const unverified = await register(app);
    const response = await call('POST', '/events', { title: 'Spam' }, unverified);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ERROR_MESSAGES.emailNotVerified);
    const anonymous = await app.inject({ method: 'GET', url: '/api/events' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("summarises an event with its counts and answers 404 for another account's", async () => {
    const event = await createEvent(app, owner, 'Summary');
    const at = new Date().toISOString();
    await insertHighlights(app, event.id, 2);
    await app.db
      .insertInto('channels')
      .values({
        id: randomUUID(),
        event_id: event.id,
        slug: 'de',
        title: 'Deutsch',
        visible: 1,
        overrides: '{}',
        highlight_ids: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const viewer = { event_id: event.id, mail_id: null, created_at: at };
    await app.db
      .insertInto('registrations')
      .values(
        ['a', 'b', 'c'].map((name) => ({
          ...viewer,
          id: randomUUID(),
          name,
          email: `${name}@example.com`,
          token: randomUUID(),
          verified_at: null,
        })),
      )
      .execute();
    await app.db
      .insertInto('invitations')
      .values({
        ...viewer,
        id: randomUUID(),
        name: 'Ada',
        email: 'ada@example.com',
        username: 'ada',
        password: 'secret',
        token: randomUUID(),
        last_login_at: null,
      })
      .execute();
    await app.db
      .insertInto('access_logins')
      .values(
        [1, 2, 3, 4].map((n) => ({
          id: randomUUID(),
          event_id: event.id,
          way: 'code',
          subject: `viewer-${String(n)}`,
          label: '',
          created_at: at,
        })),
      )
      .execute();

    const response = await call('GET', `/events/${event.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<EventSummary>()).toEqual({
      ...event,
      updatedAt: event.createdAt,
      language: 'auto',
      layout: 'classic',
      playerMode: 'iframe',
      playerVisible: true,
      messagesEnabled: false,
      complianceBanner: false,
      complianceConfirmed: false,
      highlightCount: 2,
      channelCount: 1,
      accessMode: 'none',
      registrationCount: 3,
      invitationCount: 1,
      loginCount: 4,
      remoteReloadAt: null,
      pageState: 'live',
    });

    // The state the page shows now: the organiser's override, else the times'.
    const moved = await call('PATCH', `/event-settings/${event.id}`, { pageState: 'after' });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await call('GET', `/events/${event.id}`);
    expect(after.json<EventSummary>().pageState).toBe('after');
    const timed = await call('PATCH', `/event-settings/${event.id}`, {
      pageState: 'auto',
      startMode: 'datetime',
      startDate: '2099-01-01',
    });
    expect(timed.statusCode, timed.body).toBe(200);
    expect((await call('GET', `/events/${event.id}`)).json<EventSummary>().pageState).toBe(
      'before',
    );
  });

  it("answers 404 'Event not found' on every event route for another account's event and a missing one", async () => {
    const event = await createEvent(app, owner, 'Private');
    const requests: [Method, string, object?][] = [
      ['GET', '/events/{id}'],
      ['DELETE', '/events/{id}'],
      ['GET', '/event-settings/{id}'],
      ['PATCH', '/event-settings/{id}', { headline: 'Hijacked' }],
      ['POST', '/events/{id}/remote-reload'],
      ['POST', '/events/{id}/cache-purge'],
      ['GET', '/events/{id}/highlights'],
      [
        'POST',
        '/events/{id}/highlights',
        { group: '', title: 'X', description: '', link: '', image: null },
      ],
      ['PUT', '/events/{id}/highlights/order', { ids: [] }],
    ];
    for (const id of [event.id, randomUUID()]) {
      for (const [method, path, payload] of requests) {
        const response = await call(method, path.replace('{id}', id), payload, other);
        expect(response.statusCode, `${method} ${path}`).toBe(404);
        expect(response.json()).toEqual({ code: 404, message: ERROR_MESSAGES.eventNotFound });
      }
    }
    const row = await eventRow(app, event.id);
    expect(row.version).toBe(1);
    expect(JSON.parse(row.settings).headline).toBe('');
  });

  it('answers an id with a NUL as a client error on every database (PostgreSQL refuses it)', async () => {
    for (const path of ['/events/a%00b', '/event-settings/a%00b', '/events/a%00b/channels']) {
      const response = await call('GET', path);
      expect(response.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, path).toBeLessThan(500);
    }
    const page = await app.inject({
      method: 'GET',
      url: '/a%00b',
      headers: { host: new URL(EVENTS_URL).host },
    });
    expect(page.statusCode).toBeLessThan(500);
  });

  it('deletes an event with its highlights and channels', async () => {
    const event = await createEvent(app, owner, 'Doomed');
    const highlight = await call('POST', `/events/${event.id}/highlights`, {
      group: '',
      title: 'Gone soon',
      description: '',
      link: '',
      image: null,
    });
    expect(highlight.statusCode).toBe(201);
    expect((await call('DELETE', `/events/${event.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/events/${event.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/events/${event.id}`)).statusCode).toBe(404);
    const highlights = await app.db
      .selectFrom('highlights')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(highlights).toEqual([]);
  });

  it('remote reload stamps the event and cache purge bumps its version', async () => {
    const event = await createEvent(app, owner, 'Live');
    expect((await call('POST', `/events/${event.id}/cache-purge`)).statusCode).toBe(204);
    let row = await eventRow(app, event.id);
    expect(row).toMatchObject({ version: 2, remote_reload_at: null });

    expect((await call('POST', `/events/${event.id}/remote-reload`)).statusCode).toBe(204);
    row = await eventRow(app, event.id);
    expect(row.version).toBe(3);
    expect(row.remote_reload_at).toEqual(expect.any(String));
    const summary = await call('GET', `/events/${event.id}`);
    expect(summary.json<EventSummary>().remoteReloadAt).toBe(row.remote_reload_at);
  });
});

describe('event limit and account deletion', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    testApp = await buildTestApp();
    app = testApp.app;
  });
  afterAll(async () => testApp.cleanup());

  it('lets 12 parallel creates on the free plan pass the 10-event limit exactly 10 times', async () => {
    const user = await registerVerified(app);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => callAs(app, user, 'POST', '/events', { title: 'Rush' })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(201), 403, 403]);
    const refused = responses.find((response) => response.statusCode === 403)!;
    expect(refused.json()).toEqual({ code: 403, message: ERROR_MESSAGES.eventLimitReached });
    const slugs = new Set(
      responses.filter((r) => r.statusCode === 201).map((r) => r.json<EventListItem>().slug),
    );
    expect(slugs.size).toBe(10);

    const self = await app.inject({ method: 'GET', url: '/api/auth/self', headers: user.headers });
    expect(self.json<SelfResponse>().user.planConsumption.events).toBe(10);

    // A better plan has room for more.
    await setPlan(app, user.user.id, 'professional');
    await createEvent(app, user, 'Rush');
  });

  it('deleting the account deletes its events', async () => {
    const user = await registerVerified(app);
    const event = await createEvent(app, user, 'Short-lived');
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: user.headers,
      payload: { password: user.password },
    });
    expect(response.statusCode).toBe(204);
    const rows = await app.db
      .selectFrom('events')
      .select('id')
      .where('id', '=', event.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
