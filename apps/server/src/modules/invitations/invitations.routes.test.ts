import {
  ERROR_MESSAGES,
  INVITATION_SORTS,
  type EventListItem,
  type Invitation,
  type InvitationsPage,
} from '@livent/shared';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { abuseLimits } from '../../lib/abuse-limits.js';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, createEvent, type Method } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { onEventsHost, saveSettings } from '../public/public.fixtures.js';
import { REVALIDATE_MS } from '../public/public-events.js';
import { ACCESS_COOKIE } from '../public/viewer-access.js';
import { INVITATION_CHECK_TTL_MS } from './invitation-access.js';
import { listInvitations, listInvitationsInBatches } from './invitations.repository.js';

// Invitations (ADR 026): the organisers' list and the invitation way in at the public page.

const clock = testClock();
let testApp: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let other: SignedInUser;
let event: EventListItem;

beforeAll(async () => {
  testApp = await buildTestApp(
    {},
    {
      now: clock.now,
      abuseLimits: abuseLimits({ accessCodePerViewer: 4, accessCodePerAddress: 1000 }),
    },
  );
  app = testApp.app;
  owner = await registerVerified(app, { name: 'Olivia Owner' });
  other = await registerVerified(app, { name: 'Other Person' });
});
afterAll(() => testApp.cleanup());
beforeEach(async () => {
  await app.db.deleteFrom('events').where('owner_id', '=', owner.user.id).execute();
  event = await createEvent(app, owner, 'Gala');
  await saveSettings(app, event.id, {
    accessMode: 'invitation',
    content: 'Backstage notes only for guests',
  });
  // Slugs come again after the events are deleted: let the page cache look them up afresh.
  clock.advance(REVALIDATE_MS);
});

const call = (method: Method, path: string, payload?: object, as = owner) =>
  callAs(app, as, method, `/events/${event.id}/invitations${path}`, payload);

async function add(fields: Record<string, string>): Promise<Invitation> {
  const response = await call('POST', '', fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Invitation>();
}

async function list(query = ''): Promise<InvitationsPage> {
  const response = await call('GET', query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvitationsPage>();
}

let addressCounter = 0;
const newAddress = () => {
  addressCounter += 1;
  return `198.51.100.${String(addressCounter)}`;
};

function signIn(
  fields: Record<string, string>,
  ip = newAddress(),
  cookie?: string,
): Promise<LightMyRequestResponse> {
  return onEventsHost(app, `/${event.slug}/_access/invitation`, {
    method: 'POST',
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: ip,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
  });
}

/** The `cookie` header that carries the access cookie an answer set. */
function accessCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const access = list.find((cookie) => cookie.startsWith(`${ACCESS_COOKIE}=`));
  expect(access, 'access cookie').toBeDefined();
  return (access ?? '').split(';')[0] ?? '';
}

const pageWith = (cookie?: string) =>
  onEventsHost(app, `/${event.slug}`, { headers: cookie ? { cookie } : {} });

async function expectPage(cookie: string) {
  const response = await pageWith(cookie);
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('Backstage notes only for guests');
  expect(response.body).not.toContain('id="lv-access-username"');
}

async function expectGate(cookie?: string) {
  const response = await pageWith(cookie);
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('id="lv-access-username"');
  expect(response.body).not.toContain('Backstage notes only for guests');
}

const rowOf = (id: string) =>
  app.db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the invitations API', () => {
  it('adds an invitation with the email as username and a generated readable password', async () => {
    const invitation = await add({ name: 'Ada Guest', email: ' Ada@Example.com ' });
    expect(invitation).toMatchObject({
      name: 'Ada Guest',
      email: 'ada@example.com',
      username: 'ada@example.com',
      logins: 0,
      lastLoginAt: null,
      mailStatus: null,
    });
    expect(invitation.password).toMatch(/^[a-zA-Z2-9]{10}$/);
    const link = new URL(invitation.personalLink);
    expect(link.origin).toBe(new URL(app.config.eventsUrl).origin);
    expect(link.pathname).toMatch(new RegExp(`^/${event.slug}/_access/i/[A-Za-z0-9_-]{43}$`));
    // The organiser hands the password out, so it is kept as given (ADR 026).
    const given = await add({
      name: 'Bo',
      email: 'bo@example.com',
      username: 'Bo',
      password: 'pw 1',
    });
    expect(given).toMatchObject({ username: 'bo', password: 'pw 1' });
  });

  it('refuses a username or email the event already has, with the field, and changes nothing', async () => {
    await add({ name: 'Ada', email: 'ada@example.com', username: 'ada' });
    const response = await call('POST', '', {
      name: 'Other',
      email: 'ADA@example.com',
      username: 'Ada',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { email: 'validation.inUse', username: 'validation.inUse' },
    });
    // The email as default username clashes too.
    const byDefault = await call('POST', '', {
      name: 'X',
      email: 'ada@example.org',
      username: 'x',
    });
    expect(byDefault.statusCode).toBe(201);
    const clash = await call('POST', '', { name: 'Y', email: 'ada@example.net', username: 'ada' });
    expect(clash.json()).toMatchObject({ errors: { username: 'validation.inUse' } });
    expect((await list()).total).toBe(2);
    // Another event may have the same ones.
    const second = await createEvent(app, owner, 'Second');
    const elsewhere = await callAs(app, owner, 'POST', `/events/${second.id}/invitations`, {
      name: 'Ada',
      email: 'ada@example.com',
      username: 'ada',
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses bad input with field errors', async () => {
    const response = await call('POST', '', { name: '', email: 'not-an-email', extra: 1 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(
      expect.arrayContaining(['name', 'email']),
    );
    expect((await list()).total).toBe(0);
  });

  it('pages, sorts and searches on the server', async () => {
    const names = ['Carla', 'anton', 'Bert', 'Dora', 'Emil'];
    for (const [index, name] of names.entries()) {
      clock.advance(1000);
      await add({
        name,
        email: `${name.toLowerCase()}@example.com`,
        username: `user${String(index)}`,
      });
    }
    const newest = await list('?pageSize=2');
    expect(newest).toMatchObject({ page: 1, pageSize: 2, total: 5 });
    expect(newest.results.map((row) => row.name)).toEqual(['Emil', 'Dora']);
    const third = await list('?pageSize=2&page=3');
    expect(third.results.map((row) => row.name)).toEqual(['Carla']);
    const byEmail = await list('?sort=email&order=asc');
    expect(byEmail.results.map((row) => row.email)).toEqual([
      'anton@example.com',
      'bert@example.com',
      'carla@example.com',
      'dora@example.com',
      'emil@example.com',
    ]);
    const byName = await list('?sort=name&order=desc&pageSize=1');
    expect(byName.results[0]?.name).toBe('anton');
    const searched = await list('?q=ERT');
    expect(searched.total).toBe(1);
    expect(searched.results[0]?.name).toBe('Bert');
    const byUsername = await list('?q=user3');
    expect(byUsername.results.map((row) => row.name)).toEqual(['Dora']);
    // A typed wildcard matches literally.
    expect((await list('?q=%25')).total).toBe(0);
    const bad = await call('GET', '?sort=password');
    expect(bad.statusCode).toBe(400);
  });

  it('sorts by logins', async () => {
    const few = await add({ name: 'Few', email: 'few@example.com' });
    const many = await add({ name: 'Many', email: 'many@example.com' });
    await app.db.updateTable('invitations').set({ logins: 7 }).where('id', '=', many.id).execute();
    await app.db.updateTable('invitations').set({ logins: 2 }).where('id', '=', few.id).execute();
    const page = await list('?sort=logins&order=desc');
    expect(page.results.map((row) => row.logins)).toEqual([7, 2]);
  });

  it('edits, renews the personal link and deletes', async () => {
    const invitation = await add({ name: 'Ada', email: 'ada@example.com', password: 'first' });
    const renamed = await call('PATCH', `/${invitation.id}`, {
      name: 'Ada L.',
      password: 'second',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Ada L.', password: 'second' });
    const renewed = await call('PATCH', `/${invitation.id}`, { renewPersonalLink: true });
    expect(renewed.json<Invitation>().personalLink).not.toBe(invitation.personalLink);
    await add({ name: 'Bo', email: 'bo@example.com' });
    const clash = await call('PATCH', `/${invitation.id}`, { email: 'bo@example.com' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toMatchObject({ errors: { email: 'validation.inUse' } });
    expect((await rowOf(invitation.id)).email).toBe('ada@example.com');
    const removed = await call('DELETE', `/${invitation.id}`);
    expect(removed.statusCode).toBe(204);
    const again = await call('DELETE', `/${invitation.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: ERROR_MESSAGES.invitationNotFound });
  });

  it('exports CSV in the user delimiter with formulas neutralised and the list order', async () => {
    const settings = await callAs(app, owner, 'PATCH', '/settings', { csvDelimiter: ';' });
    expect(settings.statusCode, settings.body).toBe(200);
    await add({ name: '=HYPERLINK("x")', email: 'eve@example.com', password: '+1;2' });
    clock.advance(1000);
    await add({ name: 'Zed', email: 'zed@example.com' });
    const response = await call('GET', '/export?sort=name&order=asc');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(response.body.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([
      'Created',
      'Name',
      'Email',
      'Username',
      'Password',
      'Personal link',
      'Logins',
      'Last login',
      'Mail status',
      'First join',
      'Last seen',
      'Minutes watched',
      'Questions asked',
      'Polls answered',
    ]);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['\'=HYPERLINK("x")', 'Zed']);
    expect(rows[1]?.[4]).toBe("'+1;2");
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invitations-${event.slug}.csv"`,
    );
    const german = await app.inject({
      url: `/api/events/${event.id}/invitations/export`,
      headers: { ...owner.headers, 'accept-language': 'de' },
    });
    expect(german.body).toContain('Benutzername');
    const searched = await call('GET', '/export?q=zed');
    expect(
      (parse(searched.body.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][]).length,
    ).toBe(2);
    await callAs(app, owner, 'PATCH', '/settings', { csvDelimiter: ',' });
  });

  it.each(
    INVITATION_SORTS.flatMap((sort) =>
      (['asc', 'desc'] as const).map((order) => ({ sort, order })),
    ),
  )(
    'exports in batches in the list order by $sort $order, ties included, each row once',
    async ({ sort, order }) => {
      // Equal names, logins and creation times across batch edges: the id decides.
      const at = clock.now().toISOString();
      await app.db
        .insertInto('invitations')
        .values(
          Array.from({ length: 7 }, (_, index) => ({
            id: `batch-${String((index * 5) % 7)}`,
            event_id: event.id,
            name: index < 4 ? 'Same' : `Name ${String(index % 2)}`,
            email: `batch${String(index)}@example.com`,
            username: `batch${String(index)}@example.com`,
            password: 'pw',
            token: `batch-token-${String(index).padStart(20, '0')}`,
            logins: index % 3,
            created_at: at,
            last_login_at: null,
            mail_id: null,
          })),
        )
        .execute();
      const query = { sort, order, q: undefined };
      const whole = await listInvitations(app.db, event.id, { ...query, page: 1, pageSize: 100 });
      const batched = [];
      for await (const row of listInvitationsInBatches(app.db, event.id, query, 100, 2)) {
        batched.push(row.id);
      }
      expect(batched).toEqual(whole.rows.map((row) => row.id));
      expect(new Set(batched).size).toBe(7);
      const capped = [];
      for await (const row of listInvitationsInBatches(app.db, event.id, query, 5, 2)) {
        capped.push(row.id);
      }
      expect(capped).toEqual(batched.slice(0, 5));
    },
  );

  it('answers 404 to another account for every route and changes nothing', async () => {
    const invitation = await add({ name: 'Ada', email: 'ada@example.com' });
    const calls: [Method, string, object | undefined][] = [
      ['GET', '', undefined],
      ['GET', '/export', undefined],
      ['POST', '', { name: 'X', email: 'x@example.com' }],
      ['PATCH', `/${invitation.id}`, { name: 'Stolen' }],
      ['DELETE', `/${invitation.id}`, undefined],
    ];
    for (const [method, path, payload] of calls) {
      const response = await call(method, path, payload, other);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json()).toMatchObject({ message: ERROR_MESSAGES.eventNotFound });
    }
    expect((await list()).results.map((row) => row.name)).toEqual(['Ada']);
    // Another event's invitation through this event's path: not found either.
    const second = await createEvent(app, owner, 'Second');
    const response = await callAs(
      app,
      owner,
      'PATCH',
      `/events/${second.id}/invitations/${invitation.id}`,
      { name: 'Moved' },
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('the invitation gate', () => {
  it('shows a sign-in form that works without script', async () => {
    const response = await pageWith();
    expect(response.body).toContain(`action="/${event.slug}/_access/invitation"`);
    expect(response.body).toContain('id="lv-access-password"');
    expect(response.body).not.toContain('id="lv-access-code"');
  });

  it('signs in with the right username and password, counts each login, and refuses wrong ones', async () => {
    const invitation = await add({
      name: 'Ada',
      email: 'ada@example.com',
      username: 'Ada',
      password: 'Tulip 42',
    });
    const wrong = await signIn({ username: 'ada', password: 'tulip 42' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.headers['set-cookie'] ?? '').not.toContain(ACCESS_COOKIE);
    expect(wrong.body).toContain('This username or password is not correct.');
    expect(wrong.headers['cache-control']).toBe('no-store');
    const unknown = await signIn({ username: 'nobody', password: 'Tulip 42' });
    expect(unknown.statusCode).toBe(403);
    expect((await rowOf(invitation.id)).logins).toBe(0);

    const right = await signIn({ username: ' ADA ', password: 'Tulip 42' });
    expect(right.statusCode, right.body).toBe(303);
    expect(right.headers.location).toBe(`/${event.slug}`);
    const cookie = accessCookieOf(right);
    await expectPage(cookie);
    const row = await rowOf(invitation.id);
    expect(row.logins).toBe(1);
    expect(row.last_login_at).toBe(clock.now().toISOString());
    await signIn({ username: 'ada', password: 'Tulip 42' });
    expect((await rowOf(invitation.id)).logins).toBe(2);
    expect((await list()).results[0]?.logins).toBe(2);
  });

  it('answers the German gate with the error in German', async () => {
    await saveSettings(app, event.id, { language: 'de' });
    clock.advance(REVALIDATE_MS);
    const response = await signIn({ username: 'x', password: 'y' });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('Benutzername oder Passwort ist nicht richtig.');
  });

  it('limits tries per viewer with Retry-After', async () => {
    const viewer = 'lvnt.viewer=0b7c5c1e-2a52-4c1d-9d3e-1f3f6a1d2b3c';
    const ip = newAddress();
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signIn({ username: 'a', password: 'b' }, ip, viewer)).statusCode).toBe(403);
    }
    const limited = await signIn({ username: 'a', password: 'b' }, ip, viewer);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('Too many attempts.');
  });

  it('opens the personal link: cookie, 303 to the page, a login counted; an unknown link is refused', async () => {
    const invitation = await add({ name: 'Ada', email: 'ada@example.com' });
    const path = new URL(invitation.personalLink).pathname;
    const response = await onEventsHost(app, path);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/${event.slug}`);
    await expectPage(accessCookieOf(response));
    expect((await rowOf(invitation.id)).logins).toBe(1);

    const unknown = await onEventsHost(app, `/${event.slug}/_access/i/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.body).toContain('This personal link is not valid');
    expect(unknown.headers['set-cookie'] ?? '').not.toContain(`${ACCESS_COOKIE}=`);
    // Another event's link grants nothing here.
    const second = await createEvent(app, owner, 'Second');
    await saveSettings(app, second.id, { accessMode: 'invitation' });
    const foreign = await onEventsHost(app, `/${second.slug}${path.slice(event.slug.length + 1)}`);
    expect(foreign.statusCode).toBe(403);
  });

  it('ends the access when the invitation is deleted or its password or link changes', async () => {
    const ada = await add({ name: 'Ada', email: 'ada@example.com', password: 'first' });
    const cookie = accessCookieOf(await signIn({ username: 'ada@example.com', password: 'first' }));
    await expectPage(cookie);
    await call('PATCH', `/${ada.id}`, { name: 'Ada Lovelace' });
    await expectPage(cookie);
    await call('PATCH', `/${ada.id}`, { password: 'second' });
    await expectGate(cookie);
    const byLink = accessCookieOf(await onEventsHost(app, new URL(ada.personalLink).pathname));
    await expectPage(byLink);
    const renewed = await call('PATCH', `/${ada.id}`, { renewPersonalLink: true });
    await expectGate(byLink);
    const old = await onEventsHost(app, new URL(ada.personalLink).pathname);
    expect(old.statusCode).toBe(403);
    const fresh = accessCookieOf(
      await onEventsHost(app, new URL(renewed.json<Invitation>().personalLink).pathname),
    );
    await expectPage(fresh);
    const removed = await call('DELETE', `/${ada.id}`);
    expect(removed.statusCode).toBe(204);
    await expectGate(fresh);
    const state = await onEventsHost(app, `/${event.slug}/_state`, { headers: { cookie: fresh } });
    expect(state.statusCode).toBe(403);
  });

  it('ends the access within seconds when another instance deletes the invitation', async () => {
    const ada = await add({ name: 'Ada', email: 'ada@example.com', password: 'first' });
    const cookie = accessCookieOf(await signIn({ username: 'ada@example.com', password: 'first' }));
    await expectPage(cookie);
    // Straight in the database, as another instance would: this one learns it within the TTL.
    await app.db.deleteFrom('invitations').where('id', '=', ada.id).execute();
    clock.advance(INVITATION_CHECK_TTL_MS + 1);
    await expectGate(cookie);
  });

  it('lets no invitation in when the event uses another mode', async () => {
    await add({ name: 'Ada', email: 'ada@example.com', password: 'first' });
    await saveSettings(app, event.id, { accessMode: 'code', accessCode: 'secret' });
    const response = await signIn({ username: 'ada@example.com', password: 'first' });
    expect(response.statusCode).toBe(303);
    expect(response.headers['set-cookie'] ?? '').not.toContain(`${ACCESS_COOKIE}=`);
  });
});
