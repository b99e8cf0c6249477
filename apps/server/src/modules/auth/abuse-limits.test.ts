import { ERROR_MESSAGES } from '@livent/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ABUSE_LIMITS } from '../../lib/abuse-limits.js';
import {
  latestMail,
  PASSWORD,
  postRegistration,
  register,
  registration,
  tokenOf,
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

/**
 * The limits of ADR 011 with the sliding windows of ADR 024, through the real routes
 * (DEFAULT_ABUSE_LIMITS). A Retry-After may reach two windows: attempts weigh into the next one.
 */
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

  const loginAs = (
    email: string,
    password: string,
    remoteAddress = '127.0.0.1',
    refreshCookie?: string,
  ) =>
    testApp!.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
      ...(refreshCookie ? { cookies: { 'lvnt.auth.refresh': refreshCookie } } : {}),
    });

  /** Ten failed logins from ten addresses: what anyone who knows the address can do. */
  async function lockOut(email: string) {
    for (let i = 0; i < 10; i += 1)
      expect((await loginAs(email, 'Wrong1234', `192.0.2.${i}`)).statusCode).toBe(401);
  }

  it('locks an account after 10 failed logins, from any address, for as long as Retry-After says', async () => {
    const app = await build();
    const { email } = await register(app);
    await lockOut(email);

    const locked = await loginAs(email, PASSWORD, '198.51.100.1');
    expectTooMany(locked, 30 * 60);
    // Another account from the same addresses is not affected.
    const other = await register(app, {}, { remoteAddress: '203.0.113.9' });
    expect((await loginAs(other.email, PASSWORD, '192.0.2.1')).statusCode).toBe(200);

    // The failures age out of the sliding window: one second early is still too early.
    const retryAfter = Number(locked.headers['retry-after']);
    clock.advance(retryAfter * 1000 - 1000);
    expectTooMany(await loginAs(email, PASSWORD, '198.51.100.1'), 30 * 60);
    const again = Number((await loginAs(email, PASSWORD, '198.51.100.1')).headers['retry-after']);
    clock.advance(again * 1000);
    expect((await loginAs(email, PASSWORD)).statusCode).toBe(200);
  });

  it('fits no second round of 10 guesses across a window edge', async () => {
    const app = await build();
    const { email } = await register(app);
    // 10:14:59, a second before the aligned 15-minute window ends.
    clock.advance(15 * MINUTE - 1000);
    await lockOut(email);
    clock.advance(2000);
    expectTooMany(await loginAs(email, 'Wrong1234', '192.0.2.99'), 30 * 60);
  });

  it("lets a device with a live session of the account in while strangers' failures lock it", async () => {
    const app = await build();
    const owner = await register(app);
    const other = await register(app);
    await lockOut(owner.email);

    expectTooMany(await loginAs(owner.email, PASSWORD, '198.51.100.1'), 30 * 60);
    // A session of another account, or a made-up cookie, is no key.
    expectTooMany(
      await loginAs(owner.email, PASSWORD, '198.51.100.1', other.refreshCookie),
      30 * 60,
    );
    expectTooMany(await loginAs(owner.email, PASSWORD, '198.51.100.1', 'A'.repeat(43)), 30 * 60);
    // The owner's browser still holds its refresh cookie: it signs in again.
    const known = await loginAs(owner.email, PASSWORD, '198.51.100.1', owner.refreshCookie);
    expect(known.statusCode, known.body).toBe(200);
    // …and a wrong password from it is an ordinary 401, not a 429.
    const wrong = await loginAs(owner.email, 'Wrong1234', '198.51.100.1', owner.refreshCookie);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(ERROR_MESSAGES.incorrectEmailOrPassword);

    // A session that was ended (logout) is no key either.
    await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { 'lvnt.auth.refresh': owner.refreshCookie },
    });
    expectTooMany(
      await loginAs(owner.email, PASSWORD, '198.51.100.1', owner.refreshCookie),
      30 * 60,
    );
  });

  it("clears the account's failures when its password is reset", async () => {
    const app = await build();
    const { email } = await register(app);
    await lockOut(email);
    expectTooMany(await loginAs(email, PASSWORD, '198.51.100.1'), 30 * 60);

    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    expect(forgot.statusCode).toBe(204);
    const token = tokenOf(await latestMail(app, email, 'reset-password'));
    const reset = await app.inject({
      method: 'POST',
      url: `/api/auth/reset-password?token=${token}`,
      payload: { password: 'Better456', confirmPassword: 'Better456' },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await loginAs(email, 'Better456', '198.51.100.1')).statusCode).toBe(200);
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
    expectTooMany(await loginAs(email, PASSWORD, '192.0.2.50'), 30 * 60);
    expect((await loginAs(email, PASSWORD, '192.0.2.51')).statusCode).toBe(200);
  });

  it('allows 10 sign-ups per address and hour', async () => {
    const app = await build();
    for (let i = 0; i < 10; i += 1) await register(app, {}, { remoteAddress: '192.0.2.60' });
    const response = await postRegistration(app, registration(), {
      remoteAddress: '192.0.2.60',
    });
    expectTooMany(response, 2 * 60 * 60);
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
      expectTooMany(await forgot(address, '198.51.100.99'), 2 * 60 * 60);
    }
    const mails = await app.db
      .selectFrom('mails')
      .select('id')
      .where('template', '=', 'reset-password')
      .execute();
    expect(mails).toHaveLength(5);

    for (let i = 0; i < 20; i += 1) expect((await forgot(uniqueEmail())).statusCode).toBe(204);
    expectTooMany(await forgot(uniqueEmail()), 2 * 60 * 60);
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
    expectTooMany(await reset(), 2 * 60 * 60);
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
    expectTooMany(await send('192.0.2.99'), 2 * 60 * 60);
  });

  it('are off for other tests (RELAXED_ABUSE_LIMITS)', () => {
    expect(RELAXED_ABUSE_LIMITS.loginPerAccount.max).toBeGreaterThan(1000);
  });
});
