import { randomUUID } from 'node:crypto';
import type { OneTimeTokenKind } from '../db/schema.js';
import { testConfig } from './test-app.js';
import { multipartFile, testPng } from './uploads.js';

/**
 * Every route the server registers × every kind of caller, with the answer each must get
 * (docs/architecture.md, "Security requirements"). `authorization.test.ts` collects the routes from
 * the server and fails on any route missing here, then calls each route as each principal.
 *
 * Keys are `METHOD path` as Fastify registered them (`:id` for parameters). A HEAD route that
 * Fastify adds for a GET route answers like the GET and is not listed separately.
 *
 * Principals:
 * - owner: the account that owns the thing the route is about (for account routes: the account itself);
 * - sharedUser: a signed-in account the owner shared an event with (for routes without an event
 *   it is simply another signed-in account);
 * - otherAccount: a signed-in account with no relation to the owner;
 * - guestTokenThisEvent / guestTokenOtherEvent: the messages guest-access token
 *   (`Token-Authorization`) of the owner's event or of another account's event;
 *   guestTokenReplaced: the owner's event's token that a renewal replaced (ADR 025). Guest tokens
 *   never authenticate account or organiser routes, so there they are anonymous callers;
 * - anonymous: no credentials at all.
 * Signed-in principals send `Authorization: Bearer <access token>` and their refresh cookie.
 * The personal API token principals (ADR 070) are derived from these: api-token-principals.ts.
 */
export const PRINCIPALS = [
  'anonymous',
  'guestTokenOtherEvent',
  'guestTokenReplaced',
  'guestTokenThisEvent',
  'otherAccount',
  'sharedUser',
  // Last: some of the owner's calls end its session or delete it.
  'owner',
] as const;
export type Principal = (typeof PRINCIPALS)[number];

export interface MatrixAccount {
  userId: string;
  email: string;
  password: string;
  /** A second session of the account, e.g. the one the owner revokes by id. */
  secondSessionId: string;
}

/** What request builders may use: the accounts of one route's run, and fresh one-time tokens. */
export interface MatrixFixture {
  owner: MatrixAccount;
  sharedUser: MatrixAccount;
  otherAccount: MatrixAccount;
  /** A valid one-time token of the owner (each call a new one). */
  ownerToken(kind: OneTimeTokenKind): Promise<string>;
  /** An event of the owner (created for each route's run). */
  ownerEventId: string;
  /** A highlight of that event. */
  ownerHighlightId: string;
  /** A channel of that event. */
  ownerChannelId: string;
  /** A viewer message of that event. */
  ownerMessageId: string;
  /** A draft poll of that event. */
  ownerPollId: string;
  /** A viewer's registration for that event. */
  ownerRegistrationId: string;
  /** An invitation of that event. */
  ownerInvitationId: string;
  /** The name of an image the owner uploaded (`/uploads/{name}`). */
  ownerUploadName: string;
  /** The shared user's accepted permission on the owner's event (ADR 031). */
  sharedPermissionId: string;
  /** That permission again, shared and accepted anew when a call revoked or left it. */
  ensureSharedPermission(): Promise<string>;
  /** A pending owner change of the owner's event to the shared user (asked for when none is). */
  ownerChangeId(): Promise<string>;
  /**
   * New objects of the owner's event for each call, so that a route that deletes one answers
   * the same to every principal (the shared user deletes before the owner's turn).
   */
  freshHighlightId(): Promise<string>;
  freshChannelId(): Promise<string>;
  freshMessageId(): Promise<string>;
  freshRegistrationId(): Promise<string>;
  freshInvitationId(): Promise<string>;
  /** A webhook endpoint of the owner (paused) with one failed delivery. */
  freshWebhook(): Promise<{ id: string; deliveryId: string }>;
  /** A poll of the owner's event, a draft unless `status` says otherwise. */
  freshPollId(status?: 'draft' | 'live'): Promise<string>;
  /** A live text poll of the owner's event with one open answer. */
  freshPollAnswer(): Promise<{ pollId: string; answerId: string }>;
  /** Deletes the event's channels but its first, so that a create is within the free plan's 2. */
  roomForChannel(): Promise<void>;
  /** Deletes the event's polls but `ownerPollId`, so that a create is within the free plan's 3. */
  roomForPoll(): Promise<void>;
  /** A new personal API token of the owner (ADR 070), for each call. */
  freshApiTokenId(): Promise<string>;
}

export interface MatrixRequest {
  /** With parameters filled in; the route's path by default. */
  url?: string;
  payload?: object | string;
  /** Added to the principal's headers (e.g. a multipart content type). */
  headers?: Record<string, string>;
  /** A stream that never ends by itself (Server-Sent Events): only its status is read. */
  stream?: boolean;
}

export interface RouteExpectation {
  expected: Record<Principal, number>;
  request?: (fixture: MatrixFixture) => MatrixRequest | Promise<MatrixRequest>;
}

const everyone = (status: number): Record<Principal, number> => ({
  anonymous: status,
  guestTokenOtherEvent: status,
  guestTokenReplaced: status,
  guestTokenThisEvent: status,
  otherAccount: status,
  sharedUser: status,
  owner: status,
});

/** Any signed-in account gets `status` (acting on itself); guests and anonymous callers 401. */
const signedIn = (status: number): Record<Principal, number> => ({
  ...everyone(401),
  otherAccount: status,
  sharedUser: status,
  owner: status,
});

/**
 * The owner gets `ownerStatus`; other signed-in accounts `othersStatus` (their own account's
 * answer to the owner's data, e.g. a wrong password or an unknown id); the rest 401.
 */
const ownerOnly = (ownerStatus: number, othersStatus: number): Record<Principal, number> => ({
  ...signedIn(othersStatus),
  owner: ownerStatus,
});

/**
 * An event's route (ADR 031): the owner and the shared user get `status`; other accounts 404
 * "Event not found" as for a missing event; the rest 401.
 */
const eventRole = (status: number): Record<Principal, number> => ({
  ...ownerOnly(status, 404),
  sharedUser: status,
});

/** Only the owner's event's current guest token opens the guest moderators' routes. */
const guestOfThisEvent = (status: number): Record<Principal, number> => ({
  ...everyone(404),
  guestTokenThisEvent: status,
});

/** The events origin's host (public pages answer only there). */
const eventsHost = () => ({ host: new URL(testConfig().eventsUrl).host });

const freshEmail = () => `matrix-${randomUUID()}@example.com`;

/**
 * The polls' operations (ADR 058) under `pattern` (the event's id its first parameter), each
 * call on objects of its own where it changes their state.
 */
function pollRoutes(
  pattern: string,
  urlOf: (eventId: string) => string,
  expected: (status: number) => Record<Principal, number>,
): Record<string, RouteExpectation> {
  return {
    [`GET ${pattern}`]: {
      expected: expected(200),
      request: ({ ownerEventId }) => ({ url: urlOf(ownerEventId) }),
    },
    [`POST ${pattern}`]: {
      expected: expected(201),
      request: async ({ ownerEventId, roomForPoll }) => {
        await roomForPoll();
        return {
          url: urlOf(ownerEventId),
          payload: { kind: 'rating', question: 'How was it?' },
        };
      },
    },
    [`PUT ${pattern}/order`]: {
      expected: expected(200),
      request: ({ ownerEventId, ownerPollId }) => ({
        url: `${urlOf(ownerEventId)}/order`,
        payload: { ids: [ownerPollId] },
      }),
    },
    [`PATCH ${pattern}/:pollId`]: {
      expected: expected(200),
      request: ({ ownerEventId, ownerPollId }) => ({
        url: `${urlOf(ownerEventId)}/${ownerPollId}`,
        payload: { question: 'Renamed?' },
      }),
    },
    [`DELETE ${pattern}/:pollId`]: {
      expected: expected(204),
      request: async ({ ownerEventId, freshPollId }) => ({
        url: `${urlOf(ownerEventId)}/${await freshPollId()}`,
      }),
    },
    [`POST ${pattern}/:pollId/launch`]: {
      expected: expected(200),
      request: async ({ ownerEventId, freshPollId }) => ({
        url: `${urlOf(ownerEventId)}/${await freshPollId()}/launch`,
      }),
    },
    [`POST ${pattern}/:pollId/close`]: {
      expected: expected(200),
      request: async ({ ownerEventId, freshPollId }) => ({
        url: `${urlOf(ownerEventId)}/${await freshPollId('live')}/close`,
      }),
    },
    [`GET ${pattern}/:pollId/results`]: {
      expected: expected(200),
      request: ({ ownerEventId, ownerPollId }) => ({
        url: `${urlOf(ownerEventId)}/${ownerPollId}/results`,
      }),
    },
    [`PATCH ${pattern}/:pollId/answers/:answerId`]: {
      expected: expected(200),
      request: async ({ ownerEventId, freshPollAnswer }) => {
        const { pollId, answerId } = await freshPollAnswer();
        return {
          url: `${urlOf(ownerEventId)}/${pollId}/answers/${answerId}`,
          payload: { status: 'approved' },
        };
      },
    },
  };
}

export const AUTHORIZATION_MATRIX: Record<string, RouteExpectation> = {
  // Health and documentation are public.
  'GET /api/health': { expected: everyone(200) },
  'GET /api/health/live': { expected: everyone(200) },
  'GET /api/health/ready': { expected: everyone(200) },
  // Also answers `/api/docs` (without the slash).
  'GET /api/docs/': { expected: everyone(200) },
  'GET /api/docs/json': { expected: everyone(200) },
  'GET /api/docs/yaml': { expected: everyone(200) },
  // Redirects to /api/docs/.
  'GET /api/docs/static/index.html': { expected: everyone(302) },
  'GET /api/docs/static/swagger-initializer.js': { expected: everyone(200) },
  'GET /api/docs/static/*': {
    expected: everyone(200),
    request: () => ({ url: '/api/docs/static/swagger-ui.css' }),
  },
  // The dashboard's files (none in tests: WEB_DIST does not exist).
  'GET /*': { expected: everyone(404), request: () => ({ url: '/favicon.ico' }) },

  // Sign-up and sign-in take no credentials; the request carries what they need.
  'POST /api/auth/register': {
    expected: everyone(201),
    request: () => ({
      payload: {
        name: 'New Person',
        email: freshEmail(),
        password: 'Fresh1234',
        acceptTerms: true,
        acceptPrivacy: true,
      },
    }),
  },
  'POST /api/auth/login': {
    expected: everyone(200),
    request: ({ owner }) => ({ payload: { email: owner.email, password: owner.password } }),
  },
  // Logout ends the caller's own session (if any) and always answers 204.
  'POST /api/auth/logout': { expected: everyone(204) },
  // The refresh cookie is the credential; without one there is no session to refresh (204).
  'POST /api/auth/refresh-tokens': {
    expected: { ...everyone(204), otherAccount: 200, sharedUser: 200, owner: 200 },
  },
  'GET /api/auth/self': { expected: signedIn(200) },
  'POST /api/auth/send-verification-email': { expected: signedIn(204) },
  // The link's token is the credential.
  'POST /api/auth/verify-email': {
    expected: everyone(204),
    request: async ({ ownerToken }) => ({
      url: `/api/auth/verify-email?token=${await ownerToken('verify-email')}`,
    }),
  },
  'POST /api/auth/forgot-password': {
    expected: everyone(204),
    request: ({ owner }) => ({ payload: { email: owner.email } }),
  },
  'POST /api/auth/reset-password': {
    expected: everyone(204),
    request: async ({ ownerToken }) => ({
      url: `/api/auth/reset-password?token=${await ownerToken('reset-password')}`,
      payload: { password: 'Reset1234', confirmPassword: 'Reset1234' },
    }),
  },

  // Account routes act on the caller's own account; the owner's password does not open another.
  'PATCH /api/account/profile': {
    expected: signedIn(200),
    request: () => ({ payload: { name: 'Renamed' } }),
  },
  'POST /api/account/email': {
    expected: ownerOnly(200, 400),
    request: ({ owner }) => ({ payload: { email: freshEmail(), password: owner.password } }),
  },
  'POST /api/account/password': {
    expected: ownerOnly(200, 400),
    request: ({ owner }) => ({
      payload: {
        oldPassword: owner.password,
        newPassword: 'Changed123',
        confirmPassword: 'Changed123',
      },
    }),
  },
  'GET /api/account/sessions': { expected: signedIn(200) },
  'DELETE /api/account/sessions/:id': {
    expected: ownerOnly(204, 404),
    request: ({ owner }) => ({ url: `/api/account/sessions/${owner.secondSessionId}` }),
  },
  'DELETE /api/account/sessions': { expected: signedIn(204) },
  // Personal API tokens (ADR 070): the account's own; no token reaches them (403 for every
  // token principal, api-token-principals.ts).
  'GET /api/account/api-tokens': { expected: signedIn(200) },
  'POST /api/account/api-tokens': {
    expected: signedIn(201),
    request: () => ({
      payload: { name: 'Matrix', scopes: ['events:read'], expiresInDays: 30 },
    }),
  },
  'DELETE /api/account/api-tokens/:id': {
    expected: ownerOnly(204, 404),
    request: async ({ freshApiTokenId }) => ({
      url: `/api/account/api-tokens/${await freshApiTokenId()}`,
    }),
  },
  'GET /api/account/export': { expected: signedIn(200) },
  'DELETE /api/account': {
    expected: ownerOnly(204, 400),
    request: ({ owner }) => ({ payload: { password: owner.password } }),
  },
  'PATCH /api/settings': {
    expected: signedIn(200),
    request: () => ({ payload: { newsletter: true } }),
  },
  'POST /api/feedback': {
    expected: signedIn(204),
    request: () => ({ payload: { email: 'someone@example.com', message: 'Hello' } }),
  },
  // Public: it describes the product.
  'GET /api/changelog': { expected: everyone(200) },

  // Plans and billing (ADR 028): the catalogue is public; an account sees and changes only its
  // own plan and payments.
  'GET /api/plans': { expected: everyone(200) },
  'GET /api/account/plan': { expected: signedIn(200) },
  'POST /api/account/plan/checkout': {
    expected: signedIn(200),
    request: () => ({ payload: { plan: 'professional', interval: 'month' } }),
  },
  // Every matrix account is on the free plan and has had no trial.
  'POST /api/account/plan/trial': { expected: signedIn(200) },
  'GET /api/account/payments': { expected: signedIn(200) },
  // Nobody in the matrix has paid: an unknown payment is not found for every account alike.
  'GET /api/account/payments/:id/receipt': {
    expected: signedIn(404),
    request: () => ({ url: `/api/account/payments/${randomUUID()}/receipt` }),
  },
  // Public, but only a body signed with the provider's secret is taken.
  'POST /api/billing/webhook': {
    expected: everyone(401),
    request: () => ({ payload: { event_id: 'evt_1', event_type: 'subscription.created' } }),
  },
  // The sandbox's checkout link (development and tests only): its signed token is the
  // credential; a forged one is unknown to everyone.
  'GET /api/billing/sandbox/checkout': {
    expected: everyone(404),
    request: () => ({ url: '/api/billing/sandbox/checkout?token=forged.token' }),
  },
  'POST /api/billing/sandbox/checkout': {
    expected: everyone(404),
    request: () => ({ url: '/api/billing/sandbox/checkout?token=forged.token' }),
  },

  // Enterprise (ADR 028, "Enterprise"): the overview and the members need ENTERPRISE_ADMIN, which
  // no account of the matrix has (enterprise.routes.test.ts covers admins and members); every
  // account reads and acts on its own membership and the invitations addressed to it.
  'GET /api/enterprise': { expected: signedIn(403) },
  'GET /api/enterprise/invitations': { expected: signedIn(403) },
  'POST /api/enterprise/invitations': {
    expected: signedIn(403),
    request: () => ({ payload: { email: freshEmail() } }),
  },
  'DELETE /api/enterprise/invitations/:id': {
    expected: signedIn(403),
    request: () => ({ url: `/api/enterprise/invitations/${randomUUID()}` }),
  },
  'DELETE /api/enterprise/members/:id': {
    expected: signedIn(403),
    request: ({ owner }) => ({ url: `/api/enterprise/members/${owner.userId}` }),
  },
  // Custom domains (ADR 030): every account sees its own list; adding needs CUSTOM_DOMAIN, which
  // the matrix's free accounts lack (domains.routes.test.ts covers owners and other accounts of a
  // domain); an unknown or another account's domain is "Domain not found" alike.
  'GET /api/domains': { expected: signedIn(200) },
  'POST /api/domains': {
    expected: signedIn(403),
    request: () => ({ payload: { name: `matrix-${randomUUID()}.example.com` } }),
  },
  'PATCH /api/domains/:domainId': {
    expected: signedIn(404),
    request: () => ({ url: `/api/domains/${randomUUID()}`, payload: { isDefault: true } }),
  },
  'DELETE /api/domains/:domainId': {
    expected: signedIn(404),
    request: () => ({ url: `/api/domains/${randomUUID()}` }),
  },
  'POST /api/domains/:domainId/check': {
    expected: signedIn(404),
    request: () => ({ url: `/api/domains/${randomUUID()}/check` }),
  },
  // Webhooks (ADR 072): every account manages its own endpoints; another account's endpoint or
  // delivery is "Webhook not found" (webhooks.delivery.test.ts covers each route as well).
  'GET /api/webhooks': { expected: signedIn(200) },
  'POST /api/webhooks': {
    expected: signedIn(201),
    request: () => ({ payload: { url: 'https://93.184.215.14/hook' } }),
  },
  'GET /api/webhooks/:id': {
    expected: ownerOnly(200, 404),
    request: async ({ freshWebhook }) => ({ url: `/api/webhooks/${(await freshWebhook()).id}` }),
  },
  'PATCH /api/webhooks/:id': {
    expected: ownerOnly(200, 404),
    request: async ({ freshWebhook }) => ({
      url: `/api/webhooks/${(await freshWebhook()).id}`,
      payload: { description: 'CRM' },
    }),
  },
  'DELETE /api/webhooks/:id': {
    expected: ownerOnly(204, 404),
    request: async ({ freshWebhook }) => ({ url: `/api/webhooks/${(await freshWebhook()).id}` }),
  },
  'POST /api/webhooks/:id/test': {
    expected: ownerOnly(202, 404),
    request: async ({ freshWebhook }) => ({
      url: `/api/webhooks/${(await freshWebhook()).id}/test`,
    }),
  },
  'POST /api/webhooks/:id/rotate-secret': {
    expected: ownerOnly(200, 404),
    request: async ({ freshWebhook }) => ({
      url: `/api/webhooks/${(await freshWebhook()).id}/rotate-secret`,
    }),
  },
  'GET /api/webhooks/:id/deliveries': {
    expected: ownerOnly(200, 404),
    request: async ({ freshWebhook }) => ({
      url: `/api/webhooks/${(await freshWebhook()).id}/deliveries`,
    }),
  },
  'POST /api/webhooks/:id/deliveries/:deliveryId/retry': {
    expected: ownerOnly(204, 404),
    request: async ({ freshWebhook }) => {
      const { id, deliveryId } = await freshWebhook();
      return { url: `/api/webhooks/${id}/deliveries/${deliveryId}/retry` };
    },
  },
  // Caddy's on-demand TLS ask: public on every host, 404 for a name that is no active domain.
  'GET /_livent/tls-ask': {
    expected: everyone(404),
    request: () => ({ url: '/_livent/tls-ask?domain=unknown.example.com' }),
  },
  'GET /api/account/enterprise': { expected: signedIn(200) },
  'POST /api/account/enterprise/invitations/:id/accept': {
    expected: signedIn(404),
    request: () => ({ url: `/api/account/enterprise/invitations/${randomUUID()}/accept` }),
  },
  'DELETE /api/account/enterprise/invitations/:id': {
    expected: signedIn(404),
    request: () => ({ url: `/api/account/enterprise/invitations/${randomUUID()}` }),
  },
  'DELETE /api/account/enterprise': { expected: signedIn(404) },

  // Two-factor sign-in (ADR 071): every account its own settings; none of the matrix has it on,
  // so turning off and renewing codes fail alike (400), and turning on without a code does. The
  // second sign-in step's challenge is the credential; an unknown one has ended. Only an
  // enterprise admin sets the members' requirement (two-factor.routes.test.ts covers admins).
  'POST /api/auth/two-factor': {
    expected: everyone(401),
    request: () => ({ payload: { challenge: 'unknown-challenge', code: '123456' } }),
  },
  'GET /api/account/two-factor': { expected: signedIn(200) },
  'POST /api/account/two-factor/setup': { expected: signedIn(200) },
  'POST /api/account/two-factor/enable': {
    expected: signedIn(400),
    request: ({ owner }) => ({ payload: { code: '000000', password: owner.password } }),
  },
  'POST /api/account/two-factor/disable': {
    expected: signedIn(400),
    request: ({ owner }) => ({ payload: { code: '000000', password: owner.password } }),
  },
  'POST /api/account/two-factor/recovery-codes': {
    expected: signedIn(400),
    request: ({ owner }) => ({ payload: { password: owner.password } }),
  },
  'GET /api/enterprise/two-factor': { expected: signedIn(403) },
  'PUT /api/enterprise/two-factor': {
    expected: signedIn(403),
    request: () => ({ payload: { required: true } }),
  },

  // Shared permissions and owner changes (ADR 031): only the owner shares its event, sees and
  // revokes its permissions, and hands it over; the shared user is the grantee (it may leave)
  // and the new owner of a change; every id the caller is no party to is 404 alike.
  'GET /api/permissions': { expected: signedIn(200) },
  'POST /api/permissions': {
    expected: ownerOnly(201, 404),
    request: ({ ownerEventId, otherAccount }) => ({
      payload: { eventId: ownerEventId, email: otherAccount.email },
    }),
  },
  // The owner revokes, the shared user leaves.
  'DELETE /api/permissions/:permissionId': {
    expected: eventRole(204),
    request: async ({ ensureSharedPermission }) => ({
      url: `/api/permissions/${await ensureSharedPermission()}`,
    }),
  },
  'POST /api/permissions/:permissionId/accept': {
    expected: { ...ownerOnly(404, 404), sharedUser: 204 },
    request: async ({ ensureSharedPermission }) => ({
      url: `/api/permissions/${await ensureSharedPermission()}/accept`,
    }),
  },
  'POST /api/permissions/:permissionId/reject': {
    expected: { ...ownerOnly(404, 404), sharedUser: 204 },
    request: async ({ ensureSharedPermission }) => ({
      url: `/api/permissions/${await ensureSharedPermission()}/reject`,
    }),
  },
  'GET /api/events/:id/owner-change': {
    expected: ownerOnly(200, 404),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/owner-change` }),
  },
  'POST /api/events/:id/owner-change': {
    expected: ownerOnly(201, 404),
    request: ({ ownerEventId, otherAccount }) => ({
      url: `/api/events/${ownerEventId}/owner-change`,
      payload: { email: otherAccount.email },
    }),
  },
  'DELETE /api/owner-changes/:changeId': {
    expected: ownerOnly(204, 404),
    request: async ({ ownerChangeId }) => ({
      url: `/api/owner-changes/${await ownerChangeId()}`,
    }),
  },
  // The shared user is the change's new owner; once it accepted, the former owner's turn finds
  // nothing to accept.
  'POST /api/owner-changes/:changeId/accept': {
    expected: { ...ownerOnly(404, 404), sharedUser: 204 },
    request: async ({ ownerChangeId }) => ({
      url: `/api/owner-changes/${await ownerChangeId()}/accept`,
    }),
  },
  'POST /api/owner-changes/:changeId/reject': {
    expected: { ...ownerOnly(404, 404), sharedUser: 204 },
    request: async ({ ownerChangeId }) => ({
      url: `/api/owner-changes/${await ownerChangeId()}/reject`,
    }),
  },

  // Events (ADR 016, ADR 031): the owner and the shared user reach an event; another account gets
  // 404 like a missing event. Deleting it stays with the owner.
  'GET /api/events': { expected: signedIn(200) },
  'POST /api/events': {
    expected: signedIn(201),
    request: () => ({ payload: { title: 'Matrix event' } }),
  },
  'GET /api/events/:id': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}` }),
  },
  'DELETE /api/events/:id': {
    expected: ownerOnly(204, 404),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}` }),
  },
  'GET /api/event-settings/:id': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/event-settings/${ownerEventId}` }),
  },
  'PATCH /api/event-settings/:id': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({
      url: `/api/event-settings/${ownerEventId}`,
      payload: { headline: 'Changed' },
    }),
  },
  'POST /api/events/:id/remote-reload': {
    expected: eventRole(204),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/remote-reload` }),
  },
  'POST /api/events/:id/cache-purge': {
    expected: eventRole(204),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/cache-purge` }),
  },
  'GET /api/events/:id/highlights': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/highlights` }),
  },
  'POST /api/events/:id/highlights': {
    expected: eventRole(201),
    request: ({ ownerEventId }) => ({
      url: `/api/events/${ownerEventId}/highlights`,
      payload: { group: '', title: 'Keynote', description: '', link: '', image: null },
    }),
  },
  'PUT /api/events/:id/highlights/order': {
    expected: eventRole(200),
    request: ({ ownerEventId, ownerHighlightId }) => ({
      url: `/api/events/${ownerEventId}/highlights/order`,
      payload: { ids: [ownerHighlightId] },
    }),
  },
  'PATCH /api/events/:id/highlights/:highlightId': {
    expected: eventRole(200),
    request: ({ ownerEventId, ownerHighlightId }) => ({
      url: `/api/events/${ownerEventId}/highlights/${ownerHighlightId}`,
      payload: { title: 'Renamed' },
    }),
  },
  'DELETE /api/events/:id/highlights/:highlightId': {
    expected: eventRole(204),
    request: async ({ ownerEventId, freshHighlightId }) => ({
      url: `/api/events/${ownerEventId}/highlights/${await freshHighlightId()}`,
    }),
  },

  // Any verified account may upload images; the images themselves are public on every host.
  'POST /api/uploads': {
    expected: signedIn(201),
    request: async () => multipartFile(await testPng()),
  },
  // The public event pages answer only on the events host and the same to everyone
  // (credentials mean nothing there); an unknown slug is the styled 404 page.
  'GET /': { expected: everyone(404), request: () => ({ headers: eventsHost() }) },
  'GET /:slug': {
    expected: everyone(404),
    request: () => ({ url: '/no-such-event', headers: eventsHost() }),
  },
  'GET /:slug/:channelSlug': {
    expected: everyone(404),
    request: () => ({ url: '/no-such-event/channel', headers: eventsHost() }),
  },
  'GET /:slug/_calendar.ics': {
    expected: everyone(404),
    request: () => ({ url: '/no-such-event/_calendar.ics', headers: eventsHost() }),
  },
  'GET /:slug/:channelSlug/_calendar.ics': {
    expected: everyone(404),
    request: () => ({ url: '/no-such-event/channel/_calendar.ics', headers: eventsHost() }),
  },
  'GET /:slug/_state': {
    expected: everyone(404),
    request: () => ({ url: '/no-such-event/_state', headers: eventsHost() }),
  },
  'POST /:slug/_messages': {
    expected: everyone(404),
    request: () => ({
      url: '/no-such-event/_messages',
      headers: eventsHost(),
      payload: { name: 'Viewer', text: 'Hello', key: randomUUID() },
    }),
  },
  'GET /:slug/_messages': {
    expected: everyone(404),
    request: () => ({ url: '/no-such-event/_messages', headers: eventsHost() }),
  },
  'POST /:slug/_messages/:messageId/vote': {
    expected: everyone(404),
    request: () => ({
      method: 'POST',
      url: `/no-such-event/_messages/${randomUUID()}/vote`,
      headers: eventsHost(),
    }),
  },
  // The live stream and its fallback: behind the page's gate, never behind an account.
  'GET /:slug/_live': {
    expected: everyone(404),
    request: () => ({ url: '/no-such-event/_live', headers: eventsHost(), stream: true }),
  },
  'GET /:slug/_live/since': {
    expected: everyone(404),
    request: () => ({ url: '/no-such-event/_live/since?after=1', headers: eventsHost() }),
  },
  'POST /:slug/_reactions': {
    expected: everyone(404),
    request: () => ({
      method: 'POST',
      url: '/no-such-event/_reactions',
      headers: eventsHost(),
      payload: { reaction: 'heart', count: 3 },
    }),
  },
  'POST /:slug/_access/code': {
    expected: everyone(404),
    request: () => ({
      method: 'POST',
      url: '/no-such-event/_access/code',
      headers: { ...eventsHost(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=guess',
    }),
  },
  'POST /:slug/_access/invitation': {
    expected: everyone(404),
    request: () => ({
      method: 'POST',
      url: '/no-such-event/_access/invitation',
      headers: { ...eventsHost(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=guess&password=guess',
    }),
  },
  'GET /:slug/_access/i/:token': {
    expected: everyone(404),
    request: () => ({ url: `/no-such-event/_access/i/${'a'.repeat(43)}`, headers: eventsHost() }),
  },
  'POST /:slug/_access/register': {
    expected: everyone(404),
    request: () => ({
      method: 'POST',
      url: '/no-such-event/_access/register',
      headers: { ...eventsHost(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ada&email=ada%40example.com',
    }),
  },
  'GET /:slug/_access/r/:token': {
    expected: everyone(404),
    request: () => ({ url: `/no-such-event/_access/r/${'a'.repeat(43)}`, headers: eventsHost() }),
  },
  'GET /:slug/_access/sso/start': {
    expected: everyone(404),
    request: () => ({ url: '/no-such-event/_access/sso/start', headers: eventsHost() }),
  },
  'GET /:slug/_access/sso/callback': {
    expected: everyone(404),
    request: () => ({
      url: '/no-such-event/_access/sso/callback?code=guess&state=guess',
      headers: eventsHost(),
    }),
  },
  // An event's accessibility statement and its feedback form (ADR 052): public, like the page.
  'GET /:slug/_accessibility': {
    expected: everyone(404),
    request: () => ({ url: '/no-such-event/_accessibility', headers: eventsHost() }),
  },
  'POST /:slug/_accessibility': {
    expected: everyone(404),
    request: () => ({
      method: 'POST',
      url: '/no-such-event/_accessibility',
      headers: { ...eventsHost(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'message=Hello',
    }),
  },
  // A bulk mail's unsubscribe link (ADR 049): the signed token alone decides, whoever asks.
  'GET /_unsubscribe': {
    expected: everyone(404),
    request: () => ({
      url: `/_unsubscribe?t=${'a'.repeat(60)}.${'b'.repeat(43)}`,
      headers: eventsHost(),
    }),
  },
  'POST /_unsubscribe': {
    expected: everyone(404),
    request: () => ({
      method: 'POST',
      url: `/_unsubscribe?t=${'a'.repeat(60)}.${'b'.repeat(43)}`,
      headers: { ...eventsHost(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    }),
  },
  'GET /_livent/:file': {
    expected: everyone(200),
    request: () => ({ url: '/_livent/video.min.js', headers: eventsHost() }),
  },
  'GET /favicon.ico': {
    expected: everyone(200),
    request: () => ({ url: '/favicon.ico', headers: eventsHost() }),
  },
  'GET /uploads/:name': {
    expected: everyone(200),
    request: ({ ownerUploadName }) => ({ url: `/uploads/${ownerUploadName}` }),
  },

  // Channels (ADR 018): like the event they belong to.
  'GET /api/events/:id/channels': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/channels` }),
  },
  'POST /api/events/:id/channels': {
    expected: eventRole(201),
    request: async ({ ownerEventId, roomForChannel }) => {
      await roomForChannel();
      return {
        url: `/api/events/${ownerEventId}/channels`,
        payload: { slug: `c${randomUUID().slice(0, 8)}`, title: 'Deutsch' },
      };
    },
  },
  'GET /api/events/:id/channels/:channelId': {
    expected: eventRole(200),
    request: ({ ownerEventId, ownerChannelId }) => ({
      url: `/api/events/${ownerEventId}/channels/${ownerChannelId}`,
    }),
  },
  'PATCH /api/events/:id/channels/:channelId': {
    expected: eventRole(200),
    request: ({ ownerEventId, ownerChannelId }) => ({
      url: `/api/events/${ownerEventId}/channels/${ownerChannelId}`,
      payload: { title: 'Renamed' },
    }),
  },
  'DELETE /api/events/:id/channels/:channelId': {
    expected: eventRole(204),
    request: async ({ ownerEventId, freshChannelId }) => ({
      url: `/api/events/${ownerEventId}/channels/${await freshChannelId()}`,
    }),
  },

  // The inbox (ADR 025): like the event it belongs to.
  'GET /api/events/:id/messages': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/messages` }),
  },
  'GET /api/events/:id/messages/export': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/messages/export` }),
  },
  'GET /api/events/:id/messages/:messageId': {
    expected: eventRole(200),
    request: ({ ownerEventId, ownerMessageId }) => ({
      url: `/api/events/${ownerEventId}/messages/${ownerMessageId}`,
    }),
  },
  'POST /api/events/:id/messages': {
    expected: eventRole(201),
    request: ({ ownerEventId }) => ({
      url: `/api/events/${ownerEventId}/messages`,
      payload: { text: 'Internal note' },
    }),
  },
  'PATCH /api/events/:id/messages/:messageId': {
    expected: eventRole(200),
    request: ({ ownerEventId, ownerMessageId }) => ({
      url: `/api/events/${ownerEventId}/messages/${ownerMessageId}`,
      payload: { read: true },
    }),
  },
  'DELETE /api/events/:id/messages/:messageId': {
    expected: eventRole(204),
    request: async ({ ownerEventId, freshMessageId }) => ({
      url: `/api/events/${ownerEventId}/messages/${await freshMessageId()}`,
    }),
  },
  // Registrations (ADR 026): like the event they belong to.
  'GET /api/events/:id/registrations': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/registrations` }),
  },
  'GET /api/events/:id/registrations/export': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/registrations/export` }),
  },
  'DELETE /api/events/:id/registrations/:registrationId': {
    expected: eventRole(204),
    request: async ({ ownerEventId, freshRegistrationId }) => ({
      url: `/api/events/${ownerEventId}/registrations/${await freshRegistrationId()}`,
    }),
  },
  // Invitations (ADR 026): like the event they belong to.
  'GET /api/events/:id/invitations': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/invitations` }),
  },
  'GET /api/events/:id/invitations/export': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/invitations/export` }),
  },
  'POST /api/events/:id/invitations': {
    expected: eventRole(201),
    request: ({ ownerEventId }) => ({
      url: `/api/events/${ownerEventId}/invitations`,
      payload: { name: 'Guest', email: freshEmail() },
    }),
  },
  'POST /api/events/:id/invitations/import': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({
      url: `/api/events/${ownerEventId}/invitations/import`,
      ...multipartFile(Buffer.from(`Guest,${freshEmail()}\n`), 'list.csv', 'text/csv'),
    }),
  },
  'PATCH /api/events/:id/invitations/:invitationId': {
    expected: eventRole(200),
    request: ({ ownerEventId, ownerInvitationId }) => ({
      url: `/api/events/${ownerEventId}/invitations/${ownerInvitationId}`,
      payload: { name: 'Renamed guest' },
    }),
  },
  'DELETE /api/events/:id/invitations/:invitationId': {
    expected: eventRole(204),
    request: async ({ ownerEventId, freshInvitationId }) => ({
      url: `/api/events/${ownerEventId}/invitations/${await freshInvitationId()}`,
    }),
  },
  // Invitation and registration mails (ADR 026): the default texts; sending needs
  // INVITATION_EMAILS in the owner's plan (also for the shared user, ADR 031), which the matrix
  // owner's free plan lacks (403 with the feature message).
  'GET /api/events/:id/mail-texts': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/mail-texts` }),
  },
  'POST /api/events/:id/invitations/send': {
    expected: eventRole(403),
    request: ({ ownerEventId }) => ({
      url: `/api/events/${ownerEventId}/invitations/send`,
      payload: { mode: 'test' },
    }),
  },
  'POST /api/events/:id/registrations/send': {
    expected: eventRole(403),
    request: ({ ownerEventId }) => ({
      url: `/api/events/${ownerEventId}/registrations/send`,
      payload: { mode: 'test' },
    }),
  },
  // Notices of a new time (ADR 064): like the lists' sends; sending needs INVITATION_EMAILS, which
  // the matrix owner's free plan lacks (403).
  'GET /api/events/:id/time-change-notices': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/time-change-notices` }),
  },
  'POST /api/events/:id/time-change-notices': {
    expected: eventRole(403),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/time-change-notices` }),
  },
  // Reminders and the follow-up (ADR 065): like the event; sending needs INVITATION_EMAILS, which
  // the matrix owner's free plan lacks (403).
  'GET /api/events/:id/reminders': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/reminders` }),
  },
  'POST /api/events/:id/follow-up': {
    expected: eventRole(403),
    request: ({ ownerEventId }) => ({
      url: `/api/events/${ownerEventId}/follow-up`,
      payload: { mode: 'test' },
    }),
  },
  // Single sign-on settings (ADR 026): like the event; changing them needs CUSTOM_ACCESS, which
  // the matrix owner's free plan lacks (403 with the feature message).
  'GET /api/events/:id/sso': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/sso` }),
  },
  'PATCH /api/events/:id/sso': {
    expected: eventRole(403),
    request: ({ ownerEventId }) => ({
      url: `/api/events/${ownerEventId}/sso`,
      payload: { buttonLabel: 'Company account' },
    }),
  },
  // The login list (ADR 026): like the event, and only with CUSTOM_ACCESS, which the matrix
  // owner's free plan lacks (403 with the feature message).
  'GET /api/events/:id/logins': {
    expected: eventRole(403),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/logins` }),
  },
  'GET /api/events/:id/logins/export': {
    expected: eventRole(403),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/logins/export` }),
  },
  // The audit log (ADR 069): an event's for whoever administers it, an account's for itself
  // (every signed-in account reads only its own; the API tests show another's stays out).
  'GET /api/events/:id/audit': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/audit` }),
  },
  'GET /api/events/:id/audit.csv': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/audit.csv` }),
  },
  'GET /api/account/audit': { expected: signedIn(200) },
  'GET /api/account/audit.csv': { expected: signedIn(200) },
  // Guest moderators: the event's current token and nothing else; every refusal is a 404.
  'GET /api/shared/:shareType/:eventId': {
    expected: guestOfThisEvent(200),
    request: ({ ownerEventId }) => ({ url: `/api/shared/messages/${ownerEventId}` }),
  },
  'PATCH /api/shared/messages/:eventId/:messageId': {
    expected: guestOfThisEvent(200),
    request: ({ ownerEventId, ownerMessageId }) => ({
      url: `/api/shared/messages/${ownerEventId}/${ownerMessageId}`,
      payload: { status: 'approved' },
    }),
  },
  // Live changes (Server-Sent Events): the inbox's and the guest moderators'.
  'GET /api/events/:id/messages/stream': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({
      url: `/api/events/${ownerEventId}/messages/stream`,
      stream: true,
    }),
  },
  'GET /api/shared/messages/:eventId/stream': {
    expected: guestOfThisEvent(200),
    request: ({ ownerEventId }) => ({
      url: `/api/shared/messages/${ownerEventId}/stream`,
      stream: true,
    }),
  },

  // Polls (ADR 058): the organisers' routes like the event, the same operations for the event's
  // guest moderators; the page's polls and votes are public (unknown event: 404).
  ...pollRoutes('/api/events/:id/polls', (id) => `/api/events/${id}/polls`, eventRole),
  ...pollRoutes('/api/shared/polls/:eventId', (id) => `/api/shared/polls/${id}`, guestOfThisEvent),
  'GET /api/events/:id/polls.csv': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/polls.csv` }),
  },
  'GET /:slug/_polls': {
    expected: everyone(404),
    request: () => ({ url: '/no-such-event/_polls', headers: eventsHost() }),
  },
  'POST /:slug/_polls/:pollId/vote': {
    expected: everyone(404),
    request: () => ({
      url: `/no-such-event/_polls/${randomUUID()}/vote`,
      headers: eventsHost(),
      payload: { rating: 4 },
    }),
  },

  // Live statistics (ADR 027): like the event; the beacons are public (unknown event: 404).
  'GET /api/events/:id/stats': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/stats` }),
  },
  'GET /api/events/:id/stats/live': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({
      url: `/api/events/${ownerEventId}/stats/live`,
      stream: true,
    }),
  },
  'GET /api/events/:id/stats/pageviews.csv': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/stats/pageviews.csv` }),
  },
  'GET /api/events/:id/stats/concurrent.csv': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/stats/concurrent.csv` }),
  },
  'GET /api/events/:id/stats/reactions.csv': {
    expected: eventRole(200),
    request: ({ ownerEventId }) => ({ url: `/api/events/${ownerEventId}/stats/reactions.csv` }),
  },
  'POST /:slug/_stats/view': {
    expected: everyone(404),
    request: () => ({
      url: '/no-such-event/_stats/view',
      headers: { ...eventsHost(), 'content-type': 'text/plain' },
      // A view token's shape (ADR 045): the unknown event answers before its signature counts.
      payload: JSON.stringify({ t: `mhz0.${'A'.repeat(22)}` }),
    }),
  },
  'POST /:slug/_stats/beat': {
    expected: everyone(404),
    request: () => ({
      url: '/no-such-event/_stats/beat',
      headers: { ...eventsHost(), 'content-type': 'text/plain' },
      payload: JSON.stringify({ v: `${randomUUID()}.mhz0.${'A'.repeat(22)}` }),
    }),
  },

  // Development aids: outside production only, without sign-in (ADR 012).
  'GET /api/dev/mails': { expected: everyone(200) },
  'GET /dev/mailbox': { expected: everyone(200) },
};
