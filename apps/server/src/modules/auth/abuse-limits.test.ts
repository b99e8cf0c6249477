import { ERROR_MESSAGES } from '@livent/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ABUSE_LIMITS } from '../../lib/abuse-limits.js';
import {
  PASSWORD,
  postRegistration,
  register,
  registration,
  uniqueEmail,
} from '../../test/accounts.js';
import { testClock, type TestClock } from '../../test/clock.js';
import { buildTestApp, RELAXED_ABUSE_LIMITS, type TestApp } from '../../test/test-app.js';

const MINUTE = 60_000;
const tooMany = { code: 429, message: ERROR_MESSAGES.tooManyRequests };

function expectTooMany(response: LightMyRequestResponse, maxWaitSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual(tooMany);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxWaitSeconds);
}

/** The suggested limits of the issue, through the real routes (DEFAULT_ABUSE_LIMITS). */
describe('abuse limits of the account flows', () => {
  let testApp: TestApp | undefined;
  let clock: TestClock;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  async function build() {
    // 10:00 starts every window, so a whole window lies ahead.
    clock = testClock('2026-11-22T10:00:00.000Z');
    testApp = await buildTestApp({}, { now: clock.now, abuseLimits: DEFAULT_ABUSE_LIMITS });
    return testApp.app;
  }

  const loginAs = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    testApp!.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    });

  it('locks an account after 10 failed logins, from any address, until the window ends', async () => {
    const app = await build();
    const { email } = await register(app);
    for (let i = 0; i < 10; i += 1)
      expect((await loginAs(email, 'Wrong1234', `192.0.2.${i}`)).statusCode).toBe(401);

    expectTooMany(await loginAs(email, PASSWORD, '198.51.100.1'), 15 * 60);
    // Another account from the same addresses is not affected.
    const other = await register(app, {}, { remoteAddress: '203.0.113.9' });
    expect((await loginAs(other.email, PASSWORD, '192.0.2.1')).statusCode).toBe(200);

    clock.advance(15 * MINUTE);
    expect((await loginAs(email, PASSWORD)).statusCode).toBe(200);
  });

  it("forgets an account's failures after a successful login", async () => {
    const app = await build();
    const { email } = await register(app);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 9; i += 1)
        expect((await loginAs(email, 'Wrong1234')).statusCode).toBe(401);
      expect((await loginAs(email, PASSWORD)).statusCode).toBe(200);
    }
  });

  it('allows 30 login attempts per address in 15 minutes, failed or not', async () => {
    const app = await build();
    const { email } = await register(app);
    for (let i = 0; i < 15; i += 1) {
      expect((await loginAs(email, PASSWORD, '192.0.2.50')).statusCode).toBe(200);
      expect((await loginAs(uniqueEmail(), 'Wrong1234', '192.0.2.50')).statusCode).toBe(401);
    }
    expectTooMany(await loginAs(email, PASSWORD, '192.0.2.50'), 15 * 60);
    expect((await loginAs(email, PASSWORD, '192.0.2.51')).statusCode).toBe(200);
  });

  it('allows 10 sign-ups per address and hour', async () => {
    const app = await build();
    for (let i = 0; i < 10; i += 1) await register(app, {}, { remoteAddress: '192.0.2.60' });
    const response = await postRegistration(app, registration(), {
      remoteAddress: '192.0.2.60',
    });
    expectTooMany(response, 60 * 60);
    await register(app, {}, { remoteAddress: '192.0.2.61' });
  });

  it('allows 5 reset mails per account and 20 per address an hour, known account or not', async () => {
    const app = await build();
    const { email } = await register(app);
    const forgot = (address: string, remoteAddress = '192.0.2.70') =>
      app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: address },
        remoteAddress,
      });

    for (const address of [email, uniqueEmail('nobody')]) {
      for (let i = 0; i < 5; i += 1)
        expect((await forgot(address, `198.51.100.${i}`)).statusCode).toBe(204);
      expectTooMany(await forgot(address, '198.51.100.99'), 60 * 60);
    }
    const mails = await app.db
      .selectFrom('mails')
      .select('id')
      .where('template', '=', 'reset-password')
      .execute();
    expect(mails).toHaveLength(5);

    for (let i = 0; i < 20; i += 1) expect((await forgot(uniqueEmail())).statusCode).toBe(204);
    expectTooMany(await forgot(uniqueEmail()), 60 * 60);
  });

  it('allows 20 reset attempts per address an hour', async () => {
    const app = await build();
    const reset = () =>
      app.inject({
        method: 'POST',
        url: `/api/auth/reset-password?token=${'C'.repeat(22)}`,
        payload: { password: 'Better456', confirmPassword: 'Better456' },
        remoteAddress: '192.0.2.80',
      });
    for (let i = 0; i < 20; i += 1) expect((await reset()).statusCode).toBe(400);
    expectTooMany(await reset(), 60 * 60);
  });

  it('allows 5 verification mails per account an hour', async () => {
    const app = await build();
    const { headers } = await register(app);
    const send = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers,
        remoteAddress,
      });
    for (let i = 0; i < 5; i += 1) expect((await send(`192.0.2.${90 + i}`)).statusCode).toBe(204);
    expectTooMany(await send('192.0.2.99'), 60 * 60);
  });

  it('are off for other tests (RELAXED_ABUSE_LIMITS)', () => {
    expect(RELAXED_ABUSE_LIMITS.loginPerAccount.max).toBeGreaterThan(1000);
  });
});
