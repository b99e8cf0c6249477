import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { expect } from 'vitest';
import { login, registerVerified, type SignedInUser } from './accounts.js';
import type { MatrixAccount, MatrixFixture, Principal } from './authorization-matrix.js';
import { renewGuestToken, seedMessage } from './messages.js';
import { multipartFile, testPng } from './uploads.js';

/**
 * The authorization matrix's fixture and route discovery (authorization-matrix.ts), shared by
 * the matrix test and the schema fuzzing (fuzz/).
 */

/**
 * `METHOD url` of every route. HEAD routes that mirror a GET route are left out; a prefixed
 * route at `/` (the docs' `/api/docs/`) also answers without the slash, so its HEAD route may
 * stand without it.
 */
export function routeKeys(routes: RouteOptions[]): string[] {
  const keys = new Set(
    routes.flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`)),
  );
  const mirrorsGet = (key: string) =>
    key.startsWith('HEAD ') &&
    (keys.has(`GET ${key.slice(5)}`) || keys.has(`GET ${key.slice(5)}/`));
  return [...keys].filter((key) => !mirrorsGet(key)).sort();
}

export interface Caller {
  headers: Record<string, string>;
  cookies: Record<string, string>;
}

async function account(
  app: FastifyInstance,
  name: string,
  password: string,
): Promise<[MatrixAccount, SignedInUser]> {
  const user = await registerVerified(app, { name, password });
  const second = await login(app, user.email, password);
  const { sessionId } = (await app.services.sessions.authenticate(second.tokens.access.token))!;
  return [{ userId: user.user.id, email: user.email, password, secondSessionId: sessionId }, user];
}

export async function matrixFixture(
  app: FastifyInstance,
): Promise<{ fixture: MatrixFixture; callers: Record<Principal, Caller> }> {
  const [owner, ownerSession] = await account(app, 'Owner', 'Owner1234');
  const [sharedUser, sharedSession] = await account(app, 'Shared', 'Shared1234');
  const [otherAccount, otherSession] = await account(app, 'Other', 'Other1234');
  const signedInCaller = (user: SignedInUser): Caller => ({
    headers: user.headers,
    cookies: { 'lvnt.auth.refresh': user.refreshCookie },
  });
  const createdEvent = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: ownerSession.headers,
    payload: { title: 'Owner event' },
  });
  expect(createdEvent.statusCode, createdEvent.body).toBe(201);
  const ownerEventId = createdEvent.json<{ id: string }>().id;
  const createdHighlight = await app.inject({
    method: 'POST',
    url: `/api/events/${ownerEventId}/highlights`,
    headers: ownerSession.headers,
    payload: { group: '', title: 'Owner highlight', description: '', link: '', image: null },
  });
  expect(createdHighlight.statusCode, createdHighlight.body).toBe(201);
  const ownerHighlightId = createdHighlight.json<{ id: string }>().id;
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    ...multipartFile(await testPng()),
    headers: { ...ownerSession.headers, ...multipartFile(Buffer.alloc(0)).headers },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const ownerUploadName = uploaded.json<{ url: string }>().url.slice('/uploads/'.length);
  const createdChannel = await app.inject({
    method: 'POST',
    url: `/api/events/${ownerEventId}/channels`,
    headers: ownerSession.headers,
    payload: { slug: 'owner-channel', title: 'Owner channel' },
  });
  expect(createdChannel.statusCode, createdChannel.body).toBe(201);
  const ownerChannelId = createdChannel.json<{ id: string }>().id;
  const ownerMessageId = await seedMessage(app, ownerEventId);
  const ownerRegistrationId = randomUUID();
  await app.db
    .insertInto('registrations')
    .values({
      id: ownerRegistrationId,
      event_id: ownerEventId,
      name: 'Viewer',
      email: 'viewer@example.com',
      token: randomUUID(),
      verified_at: null,
      mail_id: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  const invited = await app.inject({
    method: 'POST',
    url: `/api/events/${ownerEventId}/invitations`,
    headers: ownerSession.headers,
    payload: { name: 'Guest', email: 'guest@example.com' },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const ownerInvitationId = invited.json<{ id: string }>().id;
  // The first token of the owner's event is replaced by the second; another account's event
  // has a token of its own.
  const replacedToken = await renewGuestToken(app, ownerSession, ownerEventId);
  const thisEventToken = await renewGuestToken(app, ownerSession, ownerEventId);
  const otherEvent = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: otherSession.headers,
    payload: { title: 'Other event' },
  });
  expect(otherEvent.statusCode, otherEvent.body).toBe(201);
  const otherEventToken = await renewGuestToken(
    app,
    otherSession,
    otherEvent.json<{ id: string }>().id,
  );
  const guest = (token: string): Caller => ({
    headers: { 'token-authorization': token },
    cookies: {},
  });
  return {
    fixture: {
      owner,
      sharedUser,
      otherAccount,
      ownerToken: (kind) => app.services.tokens.issue(app.db, kind, owner.userId, owner.email),
      ownerEventId,
      ownerHighlightId,
      ownerChannelId,
      ownerMessageId,
      ownerRegistrationId,
      ownerInvitationId,
      ownerUploadName,
    },
    callers: {
      anonymous: { headers: {}, cookies: {} },
      guestTokenOtherEvent: guest(otherEventToken),
      guestTokenReplaced: guest(replacedToken),
      guestTokenThisEvent: guest(thisEventToken),
      otherAccount: signedInCaller(otherSession),
      sharedUser: signedInCaller(sharedSession),
      owner: signedInCaller(ownerSession),
    },
  };
}
