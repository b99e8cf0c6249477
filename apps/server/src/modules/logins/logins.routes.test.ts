import type { AccessLoginsPage, EventSettings, Invitation } from '@livent/shared';
import type { LightMyRequestResponse } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent, onEventsHost, type TestEvent } from '../public/public.fixtures.js';
import { ACCESS_COOKIE } from '../public/viewer-access.js';
import { LOGIN_RETENTION_DAYS } from './logins.repository.js';

// The login list (ADR 026): every way in records one row with who came in (a code's viewers
// anonymous), the organiser reads it paged, filtered and searched, and only with CUSTOM_ACCESS.

const clock = testClock();
let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp({}, { now: clock.now });
  app = test.app;
  owner = await register(app);
  await setPlan(app, owner.user.id, 'enterprise-member');
});
afterAll(() => test.cleanup());

let addressCounter = 0;
const newAddress = () => {
  addressCounter += 1;
  return `198.51.100.${String(addressCounter)}`;
};

function form(path: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
  return onEventsHost(app, path, {
    method: 'POST',
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: newAddress(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

function expectAccess(response: LightMyRequestResponse): void {
  const header = response.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  expect(
    list.some((cookie) => cookie.startsWith(`${ACCESS_COOKIE}=`)),
    response.body,
  ).toBe(true);
}

const protectedEvent = (settings: Partial<EventSettings>): Promise<TestEvent> =>
  insertEvent(app, owner.user.id, { playerMode: 'iframe', ...settings });

async function logins(event: TestEvent, query = '', as = owner): Promise<AccessLoginsPage> {
  const response = await callAs(app, as, 'GET', `/events/${event.id}/logins${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccessLoginsPage>();
}

describe('recording', () => {
  it('records a code anonymously, once per code accepted and never for a wrong one', async () => {
    const event = await protectedEvent({ accessMode: 'code', accessCode: 'Open Sesame' });
    await form(`/${event.slug}/_access/code`, { code: 'wrong' });
    expectAccess(await form(`/${event.slug}/_access/code`, { code: 'Open Sesame' }));
    const page = await logins(event);
    expect(page.total).toBe(1);
    expect(page.results[0]).toMatchObject({ way: 'code', label: '' });
    const row = await app.db
      .selectFrom('access_logins')
      .selectAll()
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    // Nothing about the viewer's device or address is kept.
    expect(Object.keys(row).sort()).toEqual([
      'created_at',
      'event_id',
      'id',
      'label',
      'subject',
      'way',
    ]);
  });

  it('records a registration with its name and email', async () => {
    const event = await protectedEvent({ accessMode: 'registration' });
    expectAccess(
      await form(`/${event.slug}/_access/register`, {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
      }),
    );
    const page = await logins(event);
    expect(page.results.map(({ way, label }) => ({ way, label }))).toEqual([
      { way: 'registration', label: 'Ada Lovelace <ada@example.com>' },
    ]);
  });

  it('records each invitation sign-in and personal link with name and username', async () => {
    const event = await protectedEvent({ accessMode: 'invitation' });
    const created = await callAs(app, owner, 'POST', `/events/${event.id}/invitations`, {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      username: 'grace',
    });
    expect(created.statusCode, created.body).toBe(201);
    const invitation = created.json<Invitation>();
    await form(`/${event.slug}/_access/invitation`, { username: 'grace', password: 'nope' });
    expectAccess(
      await form(`/${event.slug}/_access/invitation`, {
        username: 'grace',
        password: invitation.password,
      }),
    );
    clock.advance(1000);
    const link = await onEventsHost(app, new URL(invitation.personalLink).pathname);
    expectAccess(link);
    const page = await logins(event);
    expect(page.results.map(({ way, label }) => ({ way, label }))).toEqual([
      { way: 'invitation', label: 'Grace Hopper / grace' },
      { way: 'invitation', label: 'Grace Hopper / grace' },
    ]);
  });

  it('records a single sign-on with the name and email of the ID token, else its subject', async () => {
    const event = await protectedEvent({ accessMode: 'cip' });
    const target = await app.services.publicPages.gates.ssoTarget(event.slug, undefined);
    if (!target || 'outcome' in target) throw new Error('no sso target');
    const identities = [
      { subject: 'sub-1', name: 'Alan Turing', email: 'alan@example.com' },
      { subject: 'sub-2', name: null, email: null },
    ];
    for (const identity of identities) {
      clock.advance(1000);
      const granted = await app.services.publicPages.gates.grantSso(
        target,
        identity,
        `/${event.slug}`,
      );
      expect(granted.outcome).toBe('granted');
    }
    const page = await logins(event);
    expect(page.results.map(({ way, label }) => ({ way, label }))).toEqual([
      { way: 'cip', label: 'sub-2' },
      { way: 'cip', label: 'Alan Turing <alan@example.com>' },
    ]);
  });
});

describe('the list', () => {
  it('pages newest first, filters by way and searches who', async () => {
    const event = await protectedEvent({ accessMode: 'registration' });
    const rows = [
      { way: 'registration', label: 'Carla <carla@example.com>' },
      { way: 'code', label: '' },
      { way: 'invitation', label: 'Bert / bert' },
      { way: 'registration', label: 'Dora <DORA@example.com>' },
    ];
    for (const [index, row] of rows.entries()) {
      await app.db
        .insertInto('access_logins')
        .values({
          id: `login-${String(index)}-${event.id}`,
          event_id: event.id,
          way: row.way,
          subject: `s${String(index)}`,
          label: row.label,
          created_at: new Date(Date.UTC(2026, 0, 1, 10, index)).toISOString(),
        })
        .execute();
    }
    const first = await logins(event, '?pageSize=3');
    expect(first).toMatchObject({ page: 1, pageSize: 3, total: 4 });
    expect(first.results.map((row) => row.label)).toEqual([
      'Dora <DORA@example.com>',
      'Bert / bert',
      '',
    ]);
    const second = await logins(event, '?pageSize=3&page=2');
    expect(second.results.map((row) => row.label)).toEqual(['Carla <carla@example.com>']);
    const registrations = await logins(event, '?way=registration');
    expect(registrations.total).toBe(2);
    expect(registrations.results.every((row) => row.way === 'registration')).toBe(true);
    const searched = await logins(event, '?q=dora');
    expect(searched.results.map((row) => row.label)).toEqual(['Dora <DORA@example.com>']);
    const none = await logins(event, `?q=${encodeURIComponent('100%_')}`);
    expect(none.total).toBe(0);

    const bad = await callAs(app, owner, 'GET', `/events/${event.id}/logins?way=phone`);
    expect(bad.statusCode).toBe(400);

    const csv = await callAs(app, owner, 'GET', `/events/${event.id}/logins/export?way=invitation`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual(['Time,Way,Who', '2026-01-01T10:02:00.000Z,Invitation,Bert / bert']);
  });

  it('neutralises formulas in the export', async () => {
    const event = await protectedEvent({ accessMode: 'registration' });
    await app.db
      .insertInto('access_logins')
      .values({
        id: `formula-${event.id}`,
        event_id: event.id,
        way: 'registration',
        subject: 's',
        label: '=HYPERLINK("x") <a@example.com>',
        created_at: new Date().toISOString(),
      })
      .execute();
    const csv = await callAs(app, owner, 'GET', `/events/${event.id}/logins/export`);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"") <a@example.com>"`);
  });

  it('is refused without CUSTOM_ACCESS and to another account', async () => {
    const event = await protectedEvent({ accessMode: 'code', accessCode: 'x' });
    const stranger = await register(app);
    await setPlan(app, stranger.user.id, 'enterprise-member');
    for (const path of ['logins', 'logins/export']) {
      const foreign = await callAs(app, stranger, 'GET', `/events/${event.id}/${path}`);
      expect(foreign.statusCode).toBe(404);
    }
    await setPlan(app, owner.user.id, 'free');
    try {
      for (const path of ['logins', 'logins/export']) {
        const response = await callAs(app, owner, 'GET', `/events/${event.id}/${path}`);
        expect(response.statusCode).toBe(403);
        expect(response.json<{ message: string }>().message).toBe(
          'Feature not available on your plan',
        );
      }
    } finally {
      await setPlan(app, owner.user.id, 'enterprise-member');
    }
  });

  it('forgets logins older than the retention as new ones come, and goes with the event', async () => {
    const event = await protectedEvent({ accessMode: 'code', accessCode: 'Open Sesame' });
    const day = 86_400_000;
    for (const [id, age] of [
      ['old', LOGIN_RETENTION_DAYS * day + 1000],
      ['kept', LOGIN_RETENTION_DAYS * day - 60_000],
    ] as const) {
      await app.db
        .insertInto('access_logins')
        .values({
          id: `${id}-${event.id}`,
          event_id: event.id,
          way: 'code',
          subject: 's',
          label: '',
          created_at: new Date(clock.now().getTime() - age).toISOString(),
        })
        .execute();
    }
    expectAccess(await form(`/${event.slug}/_access/code`, { code: 'Open Sesame' }));
    const kept = await logins(event);
    expect(kept.total).toBe(2);
    expect(kept.results.map((row) => row.id)).toContain(`kept-${event.id}`);
    await app.db.deleteFrom('events').where('id', '=', event.id).execute();
    const left = await app.db
      .selectFrom('access_logins')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(left).toEqual([]);
  });
});
