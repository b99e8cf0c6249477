import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { expect } from 'vitest';
import { SYSTEM_ACTOR } from '../modules/audit/index.js';
import { login, registerVerified, type SignedInUser } from './accounts.js';
import type { MatrixAccount, MatrixFixture, Principal } from './authorization-matrix.js';
import { renewGuestToken, seedMessage } from './messages.js';
import { seedPoll, seedPollAnswer } from './polls.js';
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
  const ownerPollId = await seedPoll(app, ownerEventId);
  const ownerRegistrationId = await insertRegistration(app, ownerEventId);
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
  // The shared user holds an accepted permission on the owner's event (ADR 031).
  const sharedPermissionId = await ensureSharedPermission(
    app,
    ownerSession,
    sharedSession,
    ownerEventId,
    sharedUser.email,
  );
  const create = async (url: string, payload: object): Promise<string> => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: ownerSession.headers,
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  let lastOwnerChangeId: string = randomUUID();
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
      ownerPollId,
      ownerRegistrationId,
      ownerInvitationId,
      ownerUploadName,
      sharedPermissionId,
      ensureSharedPermission: () =>
        ensureSharedPermission(app, ownerSession, sharedSession, ownerEventId, sharedUser.email),
      ownerChangeId: async () => {
        // The pending change to the shared user, asked for again once one was settled; when
        // the owner no longer owns the event, the settled change's id (unknown to everyone).
        const pending = await app.db
          .selectFrom('owner_changes')
          .select('id')
          .where('event_id', '=', ownerEventId)
          .executeTakeFirst();
        if (pending) return pending.id;
        const response = await app.inject({
          method: 'POST',
          url: `/api/events/${ownerEventId}/owner-change`,
          headers: ownerSession.headers,
          payload: { email: sharedUser.email },
        });
        if (response.statusCode === 201) lastOwnerChangeId = response.json<{ id: string }>().id;
        return lastOwnerChangeId;
      },
      freshHighlightId: () =>
        create(`/api/events/${ownerEventId}/highlights`, {
          group: '',
          title: 'Fresh highlight',
          description: '',
          link: '',
          image: null,
        }),
      freshChannelId: async () => {
        await roomForChannel(app, ownerEventId);
        return create(`/api/events/${ownerEventId}/channels`, {
          slug: `c${randomUUID().slice(0, 8)}`,
          title: 'Fresh channel',
        });
      },
      roomForChannel: () => roomForChannel(app, ownerEventId),
      freshApiTokenId: async () => {
        const created = await app.services.apiTokens.create(
          owner.userId,
          { name: 'Fresh', scopes: ['events:read'], expiresInDays: null },
          SYSTEM_ACTOR,
        );
        return created.id;
      },
      roomForPoll: async () => {
        await app.db
          .deleteFrom('polls')
          .where('event_id', '=', ownerEventId)
          .where('id', '!=', ownerPollId)
          .execute();
      },
      freshMessageId: () => seedMessage(app, ownerEventId),
      freshRegistrationId: () => insertRegistration(app, ownerEventId),
      freshWebhook: () => insertWebhook(app, owner.userId),
      freshPollId: (status) => seedPoll(app, ownerEventId, { status }),
      freshPollAnswer: () => seedPollAnswer(app, ownerEventId),
      freshInvitationId: () =>
        create(`/api/events/${ownerEventId}/invitations`, {
          name: 'Guest',
          email: `guest-${randomUUID()}@example.com`,
        }),
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

async function insertRegistration(app: FastifyInstance, eventId: string): Promise<string> {
  const id = randomUUID();
  await app.db
    .insertInto('registrations')
    .values({
      id,
      event_id: eventId,
      name: 'Viewer',
      email: `viewer-${id}@example.com`,
      token: randomUUID(),
      verified_at: null,
      mail_id: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

/**
 * Room for one more channel on the free plan (2 channels): the event keeps its first channel
 * only, so that each principal's create finds the same room.
 */
async function roomForChannel(app: FastifyInstance, eventId: string): Promise<void> {
  const channels = await app.db
    .selectFrom('channels')
    .select('id')
    .where('event_id', '=', eventId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const extra = channels.slice(1).map((channel) => channel.id);
  if (extra.length > 0) await app.db.deleteFrom('channels').where('id', 'in', extra).execute();
}

/**
 * The shared user's accepted permission on the owner's event, shared and accepted through the
 * API when there is none (a route's earlier principal may have revoked or left it).
 */
async function ensureSharedPermission(
  app: FastifyInstance,
  owner: SignedInUser,
  shared: SignedInUser,
  eventId: string,
  sharedEmail: string,
): Promise<string> {
  const existing = await app.db
    .selectFrom('permissions')
    .select(['id', 'status'])
    .where('event_id', '=', eventId)
    .where('user_id', '=', shared.user.id)
    .executeTakeFirst();
  if (existing?.status === 'accepted') return existing.id;
  let id = existing?.id;
  if (!id) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/permissions',
      headers: owner.headers,
      payload: { eventId, email: sharedEmail },
    });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json<{ id: string }>().id;
  }
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/permissions/${id}/accept`,
    headers: shared.headers,
  });
  expect(accepted.statusCode, accepted.body).toBe(204);
  return id;
}

/** A webhook endpoint of the account with one delivery (ADR 072), written directly. */
async function insertWebhook(
  app: FastifyInstance,
  accountId: string,
): Promise<{ id: string; deliveryId: string }> {
  const id = randomUUID();
  const deliveryId = `msg_${randomUUID().replaceAll('-', '')}`;
  const at = new Date().toISOString();
  await app.db
    .insertInto('webhook_endpoints')
    .values({
      id,
      account_id: accountId,
      url: 'https://93.184.215.14/hook',
      description: '',
      event_types: null,
      event_ids: null,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      previous_secret: null,
      previous_secret_until: null,
      // Paused: the sender leaves its deliveries alone.
      status: 'paused',
      paused_reason: 'owner',
      failing_since: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await app.db
    .insertInto('webhook_deliveries')
    .values({
      id: deliveryId,
      endpoint_id: id,
      event_type: 'webhook.test',
      payload: '{}',
      status: 'failed',
      next_attempt_at: null,
      locked_until: null,
      last_status_code: 500,
      created_at: at,
    })
    .execute();
  return { id, deliveryId };
}
