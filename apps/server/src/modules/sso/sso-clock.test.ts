import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, type SignedInUser } from '../../test/accounts.js';
import { testClock, type TestClock } from '../../test/clock.js';
import { setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent, type TestEvent } from '../public/public.fixtures.js';
import { ACCESS_COOKIE } from '../public/viewer-access.js';
import {
  callbackUrl,
  CLIENT_ID,
  CLIENT_SECRET,
  setCookies,
  signIn,
  startProvider,
  type TestProvider,
} from '../../test/oidc-provider.js';
import { CLOCK_TOLERANCE_S } from './sso-provider.js';

// An ID token is judged by the server's clock (ADR 048): one issued further in the future than
// the tolerance is refused; openid-client checks `exp` and `nbf` only. The app's clock runs
// behind the provider's, which is the real one.

const SLUGS = ['sso-clock-ahead', 'sso-clock-skew'];

let test: TestApp;
let app: FastifyInstance;
let owner: SignedInUser;
let clock: TestClock;
let provider: TestProvider;

beforeAll(async () => {
  clock = testClock(new Date());
  test = await buildTestApp({ OUTBOUND_ALLOW: '127.0.0.1' }, { now: clock.now });
  app = test.app;
  owner = await register(app);
  await setPlan(app, owner.user.id, 'enterprise-member');
  provider = await startProvider({ redirectUris: SLUGS.map((slug) => callbackUrl(app, slug)) });
});
afterAll(async () => {
  await provider.close();
  await test.cleanup();
});

async function ssoEvent(slug: string): Promise<TestEvent> {
  const event = await insertEvent(app, owner.user.id, { slug, accessMode: 'cip' });
  const saved = await app.inject({
    method: 'PATCH',
    url: `/api/events/${event.id}/sso`,
    headers: { authorization: `Bearer ${owner.tokens.access.token}` },
    payload: { issuer: provider.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return event;
}

describe('an ID token issued in the future', () => {
  it('is refused beyond the tolerance (the gate with the error, no access)', async () => {
    const event = await ssoEvent('sso-clock-ahead');
    clock.set(new Date(Date.now() - (CLOCK_TOLERANCE_S + 120) * 1000));
    const answer = await signIn(app, event, 'ada');
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toContain('The sign-in did not succeed');
    expect(setCookies(answer).has(ACCESS_COOKIE)).toBe(false);
  });

  it('is accepted within the tolerance', async () => {
    const event = await ssoEvent('sso-clock-skew');
    clock.set(new Date(Date.now() - (CLOCK_TOLERANCE_S - 20) * 1000));
    const answer = await signIn(app, event, 'ada');
    expect(answer.statusCode, answer.body).toBe(303);
    expect(setCookies(answer).has(ACCESS_COOKIE)).toBe(true);
  });
});
