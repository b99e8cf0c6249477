import type { EventListItem, EventSettings, Invitation } from '@livent/shared';
import { ERROR_MESSAGES } from '@livent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { abuseLimits } from '../../lib/abuse-limits.js';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, createEvent } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { SESSION_CHECK_TTL_MS } from './access-sessions.js';
import { accessCookieSetBy, onEventsHost, saveSettings } from './public.fixtures.js';
import { REVALIDATE_MS } from './public-events.js';
import { ACCESS_COOKIE, ViewerAccess, type AccessClaims } from './viewer-access.js';

// Session limits of personal links and invitation logins (ADR 067): past the event's limit the
// oldest session ends, and its page, tools and stream say so.

const clock = testClock();
let testApp: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let event: EventListItem;
let invitation: Invitation;

const SECRET_CONTENT = 'Backstage notes only for guests';
const ENDED_TEXT = 'This link was opened in another browser, so this session ended.';

beforeAll(async () => {
  testApp = await buildTestApp(
    {},
    { now: clock.now, abuseLimits: abuseLimits({ accessCodePerAddress: 1000 }) },
  );
  app = testApp.app;
  owner = await registerVerified(app, { name: 'Olivia Owner' });
});
afterAll(() => testApp.cleanup());
beforeEach(async () => {
  await app.db.deleteFrom('events').where('owner_id', '=', owner.user.id).execute();
  event = await createEvent(app, owner, 'Gala');
  await saveSettings(app, event.id, {
    accessMode: 'invitation',
    content: SECRET_CONTENT,
    messagesEnabled: true,
  });
  const added = await callAs(app, owner, 'POST', `/events/${event.id}/invitations`, {
    name: 'Ada Guest',
    email: 'ada@example.com',
  });
  expect(added.statusCode, added.body).toBe(201);
  invitation = added.json<Invitation>();
  clock.advance(REVALIDATE_MS);
});

async function limitSessions(sessionLimit: EventSettings['sessionLimit']): Promise<void> {
  await saveSettings(app, event.id, { sessionLimit });
  clock.advance(REVALIDATE_MS);
}

/** The `cookie` header carrying the access cookie an answer set. */
function accessCookieOf(response: LightMyRequestResponse): string {
  const cookie = accessCookieSetBy(response);
  expect(cookie, 'access cookie').not.toBe('');
  return cookie;
}

/** A browser opening the personal link: its access cookie. */
async function openPersonalLink(): Promise<string> {
  // A second apart, so that "oldest" is never a tie.
  clock.advance(1_000);
  const response = await onEventsHost(app, new URL(invitation.personalLink).pathname);
  expect(response.statusCode, response.body).toBe(303);
  return accessCookieOf(response);
}

const pageWith = (cookie: string) => onEventsHost(app, `/${event.slug}`, { headers: { cookie } });

async function expectPage(cookie: string): Promise<void> {
  const response = await pageWith(cookie);
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain(SECRET_CONTENT);
}

async function expectEnded(cookie: string): Promise<void> {
  const response = await pageWith(cookie);
  expect(response.statusCode).toBe(200);
  expect(response.body).not.toContain(SECRET_CONTENT);
  expect(response.body).toContain('id="lv-access-username"');
  expect(response.body).toContain(ENDED_TEXT);
}

async function expectPlainGate(cookie: string): Promise<void> {
  const response = await pageWith(cookie);
  expect(response.body).not.toContain(SECRET_CONTENT);
  expect(response.body).toContain('id="lv-access-username"');
  expect(response.body).not.toContain(ENDED_TEXT);
}

/** A browser registering at the gate (the default mode): its access cookie. */
async function register(): Promise<string> {
  clock.advance(1_000);
  const response = await onEventsHost(app, `/${event.slug}/_access/register`, {
    method: 'POST',
    payload: 'name=Ada&email=ada%40example.com',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(response.statusCode, response.body).toBe(303);
  return accessCookieOf(response);
}

/** The claims of an access cookie (the `cookie` header's value). */
function claimsOf(cookie: string): AccessClaims {
  const payload = cookie.slice(ACCESS_COOKIE.length + 1).split('.')[0] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as AccessClaims;
}

describe('simultaneous sessions per personal link', () => {
  it('with a limit of 1, ends the older session when the link is opened again', async () => {
    await limitSessions(1);
    const first = await openPersonalLink();
    await expectPage(first);
    const second = await openPersonalLink();
    await expectEnded(first);
    await expectPage(second);
    const rows = await app.db
      .selectFrom('access_sessions')
      .select(['id', 'ended_at', 'end_reason'])
      .where('invitation_id', '=', invitation.id)
      .orderBy('created_at')
      .execute();
    expect(rows).toMatchObject([
      { id: claimsOf(first).session, end_reason: 'limit' },
      { id: claimsOf(second).session, ended_at: null, end_reason: null },
    ]);
    // Opening the link again here continues here, ending the other browser's session.
    const again = await openPersonalLink();
    await expectPage(again);
    await expectEnded(second);
  });

  it('with a limit of 2, keeps the two newest and ends the oldest', async () => {
    await limitSessions(2);
    const first = await openPersonalLink();
    const second = await openPersonalLink();
    await expectPage(first);
    const third = await openPersonalLink();
    await expectEnded(first);
    await expectPage(second);
    await expectPage(third);
  });

  it('counts the sign-in with username and password like the personal link', async () => {
    await limitSessions(1);
    const link = await openPersonalLink();
    const signIn = await onEventsHost(app, `/${event.slug}/_access/invitation`, {
      method: 'POST',
      payload: new URLSearchParams({
        username: invitation.username,
        password: invitation.password,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signIn.statusCode, signIn.body).toBe(303);
    await expectEnded(link);
    await expectPage(accessCookieOf(signIn));
  });

  it('keeps every session without a limit', async () => {
    const cookies = [await openPersonalLink(), await openPersonalLink(), await openPersonalLink()];
    for (const cookie of cookies) await expectPage(cookie);
    expect(new Set(cookies.map((cookie) => claimsOf(cookie).session)).size).toBe(3);
  });

  it('applies a new limit at the next sign-in', async () => {
    const first = await openPersonalLink();
    const second = await openPersonalLink();
    await limitSessions(1);
    await expectPage(first);
    await expectPage(second);
    const third = await openPersonalLink();
    await expectEnded(first);
    await expectEnded(second);
    await expectPage(third);
  });

  it("refuses an ended session's tools saying why, and ends its stream's access", async () => {
    await limitSessions(1);
    const first = await openPersonalLink();
    const viewerApi = app.services.publicPages.viewerApi;
    const value = first.slice(ACCESS_COOKIE.length + 1);
    const stream = await viewerApi.livePage(event.slug, undefined, value);
    expect(await stream.stillAllowed()).toBe(true);
    await openPersonalLink();
    expect(await stream.stillAllowed()).toBe(false);
    for (const path of ['_messages', '_polls', '_live/since', '_state']) {
      const response = await onEventsHost(app, `/${event.slug}/${path}`, {
        headers: { cookie: first },
      });
      expect(response.statusCode, path).toBe(403);
      expect(response.json(), path).toMatchObject({ message: ERROR_MESSAGES.sessionEnded });
    }
    // Without any access the refusal stays the plain one.
    const none = await onEventsHost(app, `/${event.slug}/_messages`);
    expect(none.json()).toMatchObject({ message: ERROR_MESSAGES.forbidden });
  });

  it('ends a session on another instance within the check time', async () => {
    await limitSessions(1);
    const first = await openPersonalLink();
    await expectPage(first);
    // Another instance ended it: this one learns at its next read.
    await app.db
      .updateTable('access_sessions')
      .set({ ended_at: clock.now().toISOString(), end_reason: 'limit' })
      .where('id', '=', claimsOf(first).session ?? '')
      .execute();
    await expectPage(first);
    clock.advance(SESSION_CHECK_TTL_MS + 1);
    await expectEnded(first);
  });

  it('keeps a cookie from before sessions working without a limit, and not with one', async () => {
    const current = claimsOf(await openPersonalLink());
    const { session: _session, ...before } = current;
    const legacy = `${ACCESS_COOKIE}=${new ViewerAccess(app.config.appSecret).issue(before)}`;
    await expectPage(legacy);
    await limitSessions(1);
    await expectPlainGate(legacy);
  });

  it('takes the sessions with a deleted invitation or event', async () => {
    const count = async () =>
      (
        await app.db
          .selectFrom('access_sessions')
          .select('id')
          .where('event_id', '=', event.id)
          .execute()
      ).length;
    await openPersonalLink();
    expect(await count()).toBe(1);
    const path = `/events/${event.id}/invitations/${invitation.id}`;
    const deleted = await callAs(app, owner, 'DELETE', path);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await count()).toBe(0);

    await saveSettings(app, event.id, { accessMode: 'registration' });
    clock.advance(REVALIDATE_MS);
    await register();
    expect(await count()).toBe(1);
    await app.db.deleteFrom('events').where('id', '=', event.id).execute();
    expect(await count()).toBe(0);
  });
});

describe('the other ways in', () => {
  it('the access code knows no sessions: every browser keeps it', async () => {
    await saveSettings(app, event.id, {
      accessMode: 'code',
      accessCode: 'opensesame',
      sessionLimit: 1,
    });
    clock.advance(REVALIDATE_MS);
    const enter = async () => {
      const response = await onEventsHost(app, `/${event.slug}/_access/code`, {
        method: 'POST',
        payload: 'code=opensesame',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode, response.body).toBe(303);
      return accessCookieOf(response);
    };
    const first = await enter();
    const second = await enter();
    expect(claimsOf(first).session).toBeUndefined();
    await expectPage(first);
    await expectPage(second);
  });

  it('single sign-on knows no sessions: its cookie holds with a limit', async () => {
    await saveSettings(app, event.id, { accessMode: 'cip', sessionLimit: 1 });
    clock.advance(REVALIDATE_MS);
    // A cookie as the sign-on issues it (its subject the provider's), made with the secret.
    const events = app.services.publicPages.events;
    const head = await events.freshHead(event.slug);
    if (!head) throw new Error('no event');
    const cookies = new ViewerAccess(app.config.appSecret);
    const issuedAt = Math.floor(clock.now().getTime() / 1000);
    const cookie = cookies.issue({
      eventId: event.id,
      way: 'cip',
      subject: 'provider-subject-1',
      generation: cookies.generation(await events.model(head)),
      issuedAt,
      expiresAt: issuedAt + 3600,
    });
    await expectPage(`${ACCESS_COOKIE}=${cookie}`);
    await expectPage(`${ACCESS_COOKIE}=${cookie}`);
  });

  it('registrations count like invitations: the same address registered again ends the older', async () => {
    await saveSettings(app, event.id, { accessMode: 'registration', sessionLimit: 1 });
    clock.advance(REVALIDATE_MS);
    const first = await register();
    const second = await register();
    const gateOf = async (cookie: string) => (await pageWith(cookie)).body;
    expect(await gateOf(first)).toContain(ENDED_TEXT);
    expect(await gateOf(second)).toContain(SECRET_CONTENT);
  });
});
