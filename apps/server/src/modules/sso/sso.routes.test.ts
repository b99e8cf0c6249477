import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_MESSAGES } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abuseLimits } from '../../lib/abuse-limits.js';
import { register, type SignedInUser } from '../../test/accounts.js';
import { setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent, onEventsHost, type TestEvent } from '../public/public.fixtures.js';
import { ACCESS_COOKIE } from '../public/viewer-access.js';
import {
  callbackUrl,
  CLIENT_ID,
  CLIENT_SECRET,
  finishSignIn,
  setCookies,
  signInAtProvider,
  startProvider,
  startSignIn,
  type TestProvider,
} from '../../test/oidc-provider.js';
import { SSO_FLOW_COOKIE } from './sso.service.js';

// Single sign-on of viewers (ADR 026) against a real OpenID provider (oidc-provider) on loopback:
// the client is registered with the events' redirect URIs, PKCE required, and signed in through
// the provider's own development login and consent forms.

/** Tries per viewer and event in this test's app. */
const LIMIT = 20;
const CONTENT = 'Backstage notes only for signed-in staff';
const SLUGS = [
  'sso-full',
  'sso-state',
  'sso-replay',
  'sso-down',
  'sso-denied',
  'sso-limit',
  'sso-generation',
];

let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let provider: TestProvider;
let issuer: string;

beforeAll(async () => {
  // The provider listens on loopback: the operator's allow-list admits it, as one on a private
  // network would be (ADR 041).
  test = await buildTestApp(
    { OUTBOUND_ALLOW: '127.0.0.1' },
    { abuseLimits: abuseLimits({ accessCodePerViewer: LIMIT }) },
  );
  app = test.app;
  owner = await register(app);
  await setPlan(app, owner.user.id, 'enterprise-member');
  provider = await startProvider({ redirectUris: SLUGS.map((slug) => callbackUrl(app, slug)) });
  issuer = provider.issuer;
});
afterAll(async () => {
  await provider.close();
  await test.cleanup();
});

const api = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${owner.tokens.access.token}` },
    ...(payload ? { payload } : {}),
  });

async function ssoEvent(slug: string, issuerUrl = issuer): Promise<TestEvent> {
  const event = await insertEvent(app, owner.user.id, {
    slug,
    accessMode: 'cip',
    content: CONTENT,
    accessShowContent: false,
  });
  const saved = await api('PATCH', `/api/events/${event.id}/sso`, {
    issuer: issuerUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    buttonLabel: 'Staff account',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return event;
}

const start = (event: TestEvent, viewerCookie = '') => startSignIn(app, event, viewerCookie);
const callback = (url: URL, cookie: string) => finishSignIn(app, url, cookie);

describe('the single sign-on settings', () => {
  it('never answer the client secret, only whether one is set; null removes it', async () => {
    const event = await ssoEvent('sso-settings');
    const read = await api('GET', `/api/events/${event.id}/sso`);
    expect(read.json()).toEqual({
      issuer,
      clientId: CLIENT_ID,
      clientSecretSet: true,
      scopes: 'openid email profile',
      buttonLabel: 'Staff account',
      redirectUri: new URL('/sso-settings/_access/sso/callback', app.config.eventsUrl).href,
    });
    expect(read.body).not.toContain(CLIENT_SECRET);
    const settings = await api('GET', `/api/event-settings/${event.id}`);
    expect(settings.statusCode).toBe(200);
    expect(settings.body).not.toContain(CLIENT_SECRET);
    // Encrypted at rest: the row does not hold it either.
    const row = await app.db
      .selectFrom('event_sso')
      .selectAll()
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(CLIENT_SECRET);
    const removed = await api('PATCH', `/api/events/${event.id}/sso`, { clientSecret: null });
    expect(removed.json()).toMatchObject({ clientSecretSet: false, clientId: CLIENT_ID });
  });

  it('refuses a plain-http issuer beyond loopback and unknown fields with translated errors', async () => {
    const event = await ssoEvent('sso-invalid');
    const before = (await api('GET', `/api/events/${event.id}/sso`)).json();
    for (const body of [
      { issuer: 'http://sso.example.com' },
      { issuer: 'not a url' },
      { scopes: 'openid "quoted"' },
      { clientSecret: '' },
      { owner: 'someone' },
    ]) {
      const response = await api('PATCH', `/api/events/${event.id}/sso`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const { errors } = response.json<{ errors: Record<string, string> }>();
      for (const message of Object.values(errors)) expect(message).toMatch(/^validation\./);
    }
    expect((await api('GET', `/api/events/${event.id}/sso`)).json()).toEqual(before);
  });

  it('refuse a loopback http issuer where the development tools are off (npm start)', async () => {
    const production = await buildTestApp({ LIVENT_DEV_TOOLS: undefined });
    try {
      const organiser = await register(production.app);
      await setPlan(production.app, organiser.user.id, 'enterprise-member');
      const event = await insertEvent(production.app, organiser.user.id, { accessMode: 'cip' });
      const send = (issuerUrl: string) =>
        production.app.inject({
          method: 'PATCH',
          url: `/api/events/${event.id}/sso`,
          headers: { authorization: `Bearer ${organiser.tokens.access.token}` },
          payload: { issuer: issuerUrl },
        });
      const refused = await send(issuer);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ errors: { issuer: 'validation.url' } });
      expect((await send('https://login.example.com')).statusCode).toBe(200);
    } finally {
      await production.cleanup();
    }
  });

  it('are changed only on plans with CUSTOM_ACCESS (403), and read on any', async () => {
    const event = await ssoEvent('sso-plan');
    await setPlan(app, owner.user.id, 'free');
    try {
      const refused = await api('PATCH', `/api/events/${event.id}/sso`, { buttonLabel: 'Other' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 403, message: ERROR_MESSAGES.featureNotAvailable });
      expect((await api('GET', `/api/events/${event.id}/sso`)).json()).toMatchObject({
        buttonLabel: 'Staff account',
      });
    } finally {
      await setPlan(app, owner.user.id, 'enterprise-member');
    }
  });
});

describe('the single sign-on gate', () => {
  it('signs in at the provider and grants the page; the cookie carries the provider subject', async () => {
    const event = await ssoEvent('sso-full');
    const gate = await onEventsHost(app, `/${event.slug}`);
    expect(gate.body).toContain('Sign in with Staff account');
    expect(gate.body).toContain(`href="/${event.slug}/_access/sso/start"`);
    expect(gate.body).not.toContain(CONTENT);

    const { response, flow } = await start(event);
    expect(response.statusCode).toBe(302);
    const authorization = new URL(response.headers.location as string);
    expect(authorization.origin).toBe(issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    const flowHeader = [response.headers['set-cookie']].flat().join('\n');
    expect(flowHeader).toContain(`Path=/${event.slug}/_access/sso`);
    expect(flowHeader).toContain('HttpOnly');

    const back = await signInAtProvider(authorization.href, 'ada');
    expect(back.pathname).toBe(`/${event.slug}/_access/sso/callback`);
    const answer = await callback(back, flow);
    expect(answer.statusCode, answer.body).toBe(303);
    expect(answer.headers.location).toBe(`/${event.slug}`);
    const access = setCookies(answer).get(ACCESS_COOKIE) ?? '';
    expect(access).not.toBe('');
    const claims = JSON.parse(
      Buffer.from(access.split('=')[1]?.split('.')[0] ?? '', 'base64url').toString(),
    ) as { way: string; subject: string };
    expect(claims).toMatchObject({ way: 'cip', subject: 'ada' });

    const page = await onEventsHost(app, `/${event.slug}`, { headers: { cookie: access } });
    expect(page.body).toContain(CONTENT);
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it('ends the access a provider gave when another provider is set up, not for a new label (ADR 044)', async () => {
    const event = await ssoEvent('sso-generation');
    const { flow, response } = await start(event);
    const answer = await callback(
      await signInAtProvider(response.headers.location as string, 'ada'),
      flow,
    );
    const access = setCookies(answer).get(ACCESS_COOKIE) ?? '';
    const opens = async () =>
      (await onEventsHost(app, `/${event.slug}`, { headers: { cookie: access } })).body.includes(
        CONTENT,
      );
    expect(await opens()).toBe(true);
    await api('PATCH', `/api/events/${event.id}/sso`, { buttonLabel: 'Company account' });
    expect(await opens()).toBe(true);
    await api('PATCH', `/api/events/${event.id}/sso`, { clientId: 'another-client' });
    expect(await opens()).toBe(false);
  });

  it('refuses a callback whose state is not the one started (no cookie, the gate with the error)', async () => {
    const event = await ssoEvent('sso-state');
    const first = await start(event);
    const second = await start(event);
    const back = await signInAtProvider(first.response.headers.location as string, 'eve');
    // The second start's cookie with the first start's answer: the state does not match.
    const answer = await callback(back, second.flow);
    expect(answer.statusCode).toBe(403);
    expect(setCookies(answer).has(ACCESS_COOKIE)).toBe(false);
    expect(answer.body).toContain('The sign-in did not succeed or was cancelled');
    expect(answer.body).not.toContain(CONTENT);
    // Without any flow cookie alike.
    const bare = await callback(back, '');
    expect(bare.statusCode).toBe(403);
    expect(setCookies(bare).has(ACCESS_COOKIE)).toBe(false);
  });

  it('refuses a replayed callback', async () => {
    const event = await ssoEvent('sso-replay');
    const { response, flow } = await start(event);
    const back = await signInAtProvider(response.headers.location as string, 'mallory');
    expect((await callback(back, flow)).statusCode).toBe(303);
    const replay = await callback(back, flow);
    expect(replay.statusCode).toBe(403);
    expect(setCookies(replay).has(ACCESS_COOKIE)).toBe(false);
  });

  it('shows the gate with a translated error when the user denies at the provider', async () => {
    const event = await ssoEvent('sso-denied');
    const { response, flow } = await start(event);
    const state = new URL(response.headers.location as string).searchParams.get('state') ?? '';
    const denied = new URL(`/${event.slug}/_access/sso/callback`, app.config.eventsUrl);
    denied.search = new URLSearchParams({ error: 'access_denied', state, iss: issuer }).toString();
    const answer = await onEventsHost(app, `${denied.pathname}${denied.search}`, {
      headers: { cookie: flow, 'accept-language': 'de' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toContain('Die Anmeldung ist nicht gelungen');
    expect(setCookies(answer).has(ACCESS_COOKIE)).toBe(false);
  });

  it('limits starts per viewer like the code (429 with Retry-After and the gate)', async () => {
    const event = await ssoEvent('sso-limit');
    const viewer = 'lvnt.viewer=0f0e0d0c-0b0a-4908-8706-050403020100';
    for (let index = 0; index < LIMIT; index += 1) {
      expect((await start(event, viewer)).response.statusCode).toBe(302);
    }
    const { response, flow } = await start(event, viewer);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.body).toContain('Too many attempts');
    expect(flow).toBe('');
  });

  it('says on the gate that sign-in is not set up while no provider is, and offers no sign-in', async () => {
    const event = await insertEvent(app, owner.user.id, {
      slug: 'sso-unset',
      accessMode: 'cip',
      content: CONTENT,
      accessShowContent: false,
    });
    const gate = await onEventsHost(app, `/${event.slug}`);
    expect(gate.body).toContain('Sign-in for this event is not set up yet');
    expect(gate.body).not.toContain('_access/sso/start');
    expect(gate.body).not.toContain(CONTENT);
    const { response, flow } = await start(event);
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('Sign-in for this event is not set up yet');
    expect(flow).toBe('');
    expect(setCookies(response).has(ACCESS_COOKIE)).toBe(false);
  });

  it('answers the gate with an error when the provider cannot be reached', async () => {
    // A loopback port where nothing listens.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const event = await ssoEvent('sso-down', `http://127.0.0.1:${String(port)}`);
    const { response } = await start(event);
    expect(response.statusCode).toBe(502);
    expect(response.body).toContain('The sign-in service cannot be reached');
    expect(setCookies(response).has(ACCESS_COOKIE)).toBe(false);
    expect(setCookies(response).has(SSO_FLOW_COOKIE)).toBe(false);
  });
});
