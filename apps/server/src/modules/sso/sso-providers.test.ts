import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseValidationMessage } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import type { JWK } from 'oidc-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { register, type SignedInUser } from '../../test/accounts.js';
import { setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent, onEventsHost, type TestEvent } from '../public/public.fixtures.js';
import { ACCESS_COOKIE } from '../public/viewer-access.js';
import {
  callbackUrl,
  CLIENT_ID,
  CLIENT_SECRET,
  setCookies,
  signIn,
  startProvider,
  startSignIn,
  type TestProvider,
  type TestProviderOptions,
} from '../../test/oidc-provider.js';

// Single sign-on with providers set up as real ones are (ADR 048): the client authentication and
// pushed authorization requests the provider's discovery asks for, ID tokens signed with ES256,
// PS256 and EdDSA, claims only in userinfo, the issuer checked when saved, and the gate telling a
// misconfigured provider from one that cannot be reached.

const CONTENT = 'Backstage notes only for signed-in staff';
const MISCONFIGURED = 'not set up correctly at the sign-in service';
const UNREACHABLE = 'The sign-in service cannot be reached';

let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
/** Providers and listeners of the running test, closed after it. */
const running: { close(): Promise<void> }[] = [];
let slugs = 0;

beforeAll(async () => {
  test = await buildTestApp({ OUTBOUND_ALLOW: '127.0.0.1' });
  app = test.app;
  owner = await register(app);
  await setPlan(app, owner.user.id, 'enterprise-member');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});
afterAll(async () => {
  await test.cleanup();
});

const saveSso = (event: TestEvent, payload: object) =>
  app.inject({
    method: 'PATCH',
    url: `/api/events/${event.id}/sso`,
    headers: { authorization: `Bearer ${owner.tokens.access.token}` },
    payload,
  });

const protectedEvent = () =>
  insertEvent(app, owner.user.id, {
    slug: `sso-provider-${String((slugs += 1))}`,
    accessMode: 'cip',
    content: CONTENT,
    accessShowContent: false,
  });

/** A provider set up by `options` and an event signing in there, saved through the API. */
async function eventAt(
  options: Omit<TestProviderOptions, 'redirectUris'>,
  secret = CLIENT_SECRET,
): Promise<{ event: TestEvent; provider: TestProvider }> {
  const event = await protectedEvent();
  const provider = await startProvider({
    ...options,
    redirectUris: [callbackUrl(app, event.slug)],
  });
  running.push(provider);
  const saved = await saveSso(event, {
    issuer: provider.issuer,
    clientId: CLIENT_ID,
    clientSecret: secret,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { event, provider };
}

/** What the logins list says about the event's last sign-in (name and email, else subject). */
const lastLoginLabel = async (event: TestEvent) =>
  (
    await app.db
      .selectFrom('access_logins')
      .select('label')
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow()
  ).label;

function expectGranted(answer: { statusCode: number; body: string; headers: object }) {
  expect(answer.statusCode, answer.body).toBe(303);
  expect(setCookies(answer as never).has(ACCESS_COOKIE)).toBe(true);
}

/** A loopback listener answering every request with `answer` (a provider that answers wrongly). */
async function listener(answer: (url: string, origin: string) => [number, object]) {
  const server: Server = createServer((request, response) => {
    const [status, body] = answer(request.url ?? '', origin);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  running.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return origin;
}

describe('the client authentication at the token endpoint', () => {
  it('is client_secret_basic with a provider that offers only that', async () => {
    const { event } = await eventAt({
      configuration: { clientAuthMethods: ['client_secret_basic'] },
      client: { token_endpoint_auth_method: 'client_secret_basic' },
    });
    expectGranted(await signIn(app, event, 'basic'));
  });

  it('is client_secret_post with a provider that offers only that', async () => {
    const { event } = await eventAt({
      configuration: { clientAuthMethods: ['client_secret_post'] },
      client: { token_endpoint_auth_method: 'client_secret_post' },
    });
    expectGranted(await signIn(app, event, 'post'));
  });

  it('makes the gate say misconfigured when the provider offers neither', async () => {
    const { event } = await eventAt({
      configuration: { clientAuthMethods: ['private_key_jwt'] },
      client: { token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [] } },
    });
    const { response } = await startSignIn(app, event);
    expect(response.statusCode).toBe(502);
    expect(response.body).toContain(MISCONFIGURED);
  });
});

const parRequired = {
  features: {
    pushedAuthorizationRequests: { enabled: true, requirePushedAuthorizationRequests: true },
  },
};

describe('a provider that requires pushed authorization requests', () => {
  it('gets the parameters pushed and signs in with the request URI alone', async () => {
    const { event, provider } = await eventAt({
      configuration: parRequired,
    });
    const { response } = await startSignIn(app, event);
    expect(response.statusCode).toBe(302);
    const authorization = new URL(response.headers.location as string);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('request_uri')).toMatch(/^urn:/);
    expect(authorization.searchParams.has('code_challenge')).toBe(false);
    expectGranted(await signIn(app, event, 'pushed'));
  });

  it('says misconfigured when the provider refuses the pushed request (unknown client)', async () => {
    const { event } = await eventAt({
      configuration: parRequired,
    });
    expect((await saveSso(event, { clientId: 'not-registered' })).statusCode).toBe(200);
    const { response } = await startSignIn(app, event);
    expect(response.statusCode).toBe(502);
    expect(response.body).toContain(MISCONFIGURED);
  });

  it('says misconfigured when the redirect URI is not registered there', async () => {
    const event = await protectedEvent();
    const provider = await startProvider({
      configuration: parRequired,
      redirectUris: [callbackUrl(app, 'another-event')],
    });
    running.push(provider);
    const saved = await saveSso(event, {
      issuer: provider.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    expect(saved.statusCode).toBe(200);
    const { response } = await startSignIn(app, event);
    expect(response.statusCode).toBe(502);
    expect(response.body).toContain(MISCONFIGURED);
  });
});

const signingKeys: Record<'ES256' | 'PS256' | 'EdDSA', () => JWK> = {
  ES256: () =>
    generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
  PS256: () =>
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
  EdDSA: () => generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }),
} as Record<'ES256' | 'PS256' | 'EdDSA', () => JWK>;

describe('ID tokens', () => {
  it.each(['ES256', 'PS256', 'EdDSA'] as const)('signed with %s sign in', async (alg) => {
    const { event } = await eventAt({
      configuration: { jwks: { keys: [signingKeys[alg]()] } },
      client: { id_token_signed_response_alg: alg },
    });
    expectGranted(await signIn(app, event, `signed-${alg}`));
  });
});

describe('claims only in userinfo', () => {
  it('are fetched from userinfo: given and family name stand in for the name', async () => {
    const { event } = await eventAt({
      // oidc-provider keeps scope claims out of the ID token of the code flow (its default).
      configuration: { conformIdTokenClaims: true },
      claims: (sub) => ({ email: `${sub}@example.com`, given_name: 'Ada', family_name: 'Byron' }),
    });
    expectGranted(await signIn(app, event, 'ada'));
    expect(await lastLoginLabel(event)).toBe('Ada Byron <ada@example.com>');
  });

  it('take the preferred username where no name is given', async () => {
    const { event } = await eventAt({
      claims: () => ({ preferred_username: 'countess' }),
    });
    expectGranted(await signIn(app, event, 'lovelace'));
    expect(await lastLoginLabel(event)).toBe('countess');
  });
});

describe('the issuer when saved', () => {
  it('must be exactly the announced one: a trailing slash answers 400 naming it', async () => {
    const { event, provider } = await eventAt({});
    const response = await saveSso(event, { issuer: `${provider.issuer}/` });
    expect(response.statusCode, response.body).toBe(400);
    const { errors } = response.json<{ errors: { issuer: string } }>();
    expect(parseValidationMessage(errors.issuer)).toEqual({
      key: 'validation.issuerMismatch',
      params: { issuer: provider.issuer },
    });
    // The stored issuer stays.
    const read = await app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/sso`,
      headers: { authorization: `Bearer ${owner.tokens.access.token}` },
    });
    expect(read.json()).toMatchObject({ issuer: provider.issuer });
  });

  it('names the announced issuer when discovery names another path', async () => {
    const origin = await listener((_url, base) => [200, { issuer: `${base}/realms/other` }]);
    const event = await protectedEvent();
    const response = await saveSso(event, { issuer: `${origin}/realms/staff` });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      errors: {
        issuer: `validation.issuerMismatch?issuer=${encodeURIComponent(`${origin}/realms/other`)}`,
      },
    });
  });
});

describe('the gate', () => {
  it('says misconfigured when the provider refuses the client secret at the token endpoint', async () => {
    const { event } = await eventAt({}, 'not-the-secret');
    const answer = await signIn(app, event, 'ada');
    expect(answer.statusCode).toBe(502);
    expect(answer.body).toContain(MISCONFIGURED);
    expect(answer.body).not.toContain(UNREACHABLE);
    expect(setCookies(answer).has(ACCESS_COOKIE)).toBe(false);
  });

  it('says misconfigured when discovery answers but is no discovery document', async () => {
    const origin = await listener(() => [404, { error: 'not found' }]);
    const event = await protectedEvent();
    expect((await saveSso(event, { issuer: origin, clientId: CLIENT_ID })).statusCode).toBe(200);
    const english = await startSignIn(app, event);
    expect(english.response.statusCode).toBe(502);
    expect(english.response.body).toContain(MISCONFIGURED);
    const german = await onEventsHost(app, `/${event.slug}/_access/sso/start`, {
      headers: { 'accept-language': 'de' },
    });
    expect(german.body).toContain('beim Anmeldedienst nicht richtig eingerichtet');
  });

  it('says unreachable, not misconfigured, when nothing answers', async () => {
    const origin = await listener(() => [404, {}]);
    await Promise.all(running.splice(0).map((server) => server.close()));
    const event = await protectedEvent();
    expect((await saveSso(event, { issuer: origin, clientId: CLIENT_ID })).statusCode).toBe(200);
    const { response } = await startSignIn(app, event);
    expect(response.statusCode).toBe(502);
    expect(response.body).toContain(UNREACHABLE);
    expect(response.body).not.toContain(MISCONFIGURED);
  });
});
