import {
  ERROR_MESSAGES,
  authResponseSchema,
  twoFactorChallengeSchema,
  type TwoFactorStatus,
} from '@livent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abuseLimits } from '../../lib/abuse-limits.js';
import {
  PASSWORD,
  latestMail,
  register,
  registerVerified,
  tokenOf,
  uniqueEmail,
  type SignedInUser,
} from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { base32Decode, referenceTotp } from '../../test/totp-reference.js';
import { joinEnterprise } from '../enterprise/enterprise.fixtures.js';
import { CHALLENGE_MAX_FAILURES } from './two-factor.service.js';
import { enableTwoFactor } from './two-factor.fixtures.js';

const STEP = 30_000;
const DAY = 24 * 60 * 60_000;

describe('two-factor sign-in (ADR 071)', () => {
  const clock = testClock();
  let test: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await buildTestApp({}, { now: clock.now });
    app = test.app;
  });
  afterAll(() => test.cleanup());

  const nowMs = () => clock.now().getTime();
  const postLogin = (email: string, cookies: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
      cookies,
    });
  async function challengeOf(email: string, cookies: Record<string, string> = {}) {
    const response = await postLogin(email, cookies);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === 'lvnt.auth.refresh')).toBeUndefined();
    return twoFactorChallengeSchema.parse(response.json()).twoFactor.challenge;
  }
  const verify = (challenge: string, code: string, rememberBrowser = false) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/two-factor',
      payload: { challenge, code, rememberBrowser },
    });
  const auditActions = async (userId: string) =>
    (
      await app.db
        .selectFrom('audit_log')
        .select('action')
        .where('account_id', '=', userId)
        .orderBy('created_at')
        .execute()
    ).map((row) => row.action);
  const rememberCookieOf = (response: LightMyRequestResponse) =>
    response.cookies.find((cookie) => cookie.name.startsWith('lvnt.auth.2fa.'));

  it('computes the RFC 6238 test vectors for SHA-1 (the reference the tests check against)', () => {
    const key = Buffer.from('12345678901234567890');
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(referenceTotp(key, seconds * 1000, 8)).toBe(code);
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString()).toBe(
      '12345678901234567890',
    );
  });

  it('is set up with a code of the shown secret and the password, then asked for after the password', async () => {
    const user = await register(app);
    const before = await callAs(app, user, 'GET', '/account/two-factor');
    expect(before.json<TwoFactorStatus>()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = await callAs(app, user, 'POST', '/account/two-factor/setup');
    expect(setup.json()).toMatchObject({
      uri: expect.stringMatching(/^otpauth:\/\/totp\/Livent:.*algorithm=SHA1&digits=6&period=30/),
      qrSvg: expect.stringMatching(/^<svg/),
    });
    const key = base32Decode(setup.json<{ secret: string }>().secret);
    const wrongPassword = await callAs(app, user, 'POST', '/account/two-factor/enable', {
      code: referenceTotp(key, nowMs()),
      password: 'not-the-password',
    });
    expect(wrongPassword.json()).toMatchObject({ message: ERROR_MESSAGES.incorrectPassword });
    const enabled = await callAs(app, user, 'POST', '/account/two-factor/enable', {
      code: referenceTotp(key, nowMs()),
      password: PASSWORD,
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await callAs(app, user, 'GET', '/account/two-factor');
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Only hashes are stored.
    const stored = await app.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);
    const secret = await app.db.selectFrom('two_factor').select('secret').executeTakeFirstOrThrow();
    expect(secret.secret).not.toContain(setup.json<{ secret: string }>().secret);

    clock.advance(STEP);
    const challenge = await challengeOf(user.email);
    const wrong = await verify(challenge, referenceTotp(key, nowMs() + 10 * STEP));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: ERROR_MESSAGES.twoFactorInvalidCode });
    const right = await verify(challenge, referenceTotp(key, nowMs()));
    expect(right.statusCode, right.body).toBe(200);
    authResponseSchema.parse(right.json());
    expect(right.cookies.find((cookie) => cookie.name === 'lvnt.auth.refresh')).toBeDefined();
    expect(rememberCookieOf(right)).toBeUndefined();
    // The challenge served once.
    clock.advance(STEP);
    expect((await verify(challenge, referenceTotp(key, nowMs()))).statusCode).toBe(401);
    expect(await auditActions(user.user.id)).toContain('two_factor.enabled');
  });

  it('accepts a clock off by 30 s either way, refuses 90 s, and refuses a code used before', async () => {
    const user = await register(app);
    const { key } = await enableTwoFactor(app, user, nowMs());
    clock.advance(10 * STEP);
    const attempt = async (offsetMs: number) =>
      (await verify(await challengeOf(user.email), referenceTotp(key, nowMs() + offsetMs)))
        .statusCode;
    // In the order of the steps: a code is accepted only after the last one used.
    expect(await attempt(-3 * STEP)).toBe(401);
    expect(await attempt(-STEP)).toBe(200);
    expect(await attempt(0)).toBe(200);
    expect(await attempt(0)).toBe(401);
    expect(await attempt(STEP)).toBe(200);
    expect(await attempt(STEP)).toBe(401);
    expect(await attempt(3 * STEP)).toBe(401);
  });

  it('takes each recovery code once, and records its use', async () => {
    const user = await register(app);
    const { recoveryCodes } = await enableTwoFactor(app, user, nowMs());
    const code = recoveryCodes[0]!;
    const first = await verify(await challengeOf(user.email), ` ${code.toUpperCase()} `);
    expect(first.statusCode, first.body).toBe(200);
    expect((await verify(await challengeOf(user.email), code)).statusCode).toBe(401);
    const status = await callAs(app, user, 'GET', '/account/two-factor');
    expect(status.json()).toMatchObject({ recoveryCodesLeft: 9 });
    expect(await auditActions(user.user.id)).toContain('two_factor.recovery_code_used');
  });

  it('remembers the browser for 30 days on request, until recovery codes are renewed or two-factor is turned off', async () => {
    const user = await register(app);
    const { key } = await enableTwoFactor(app, user, nowMs());
    clock.advance(STEP);
    const remembered = await verify(
      await challengeOf(user.email),
      referenceTotp(key, nowMs()),
      true,
    );
    const cookie = rememberCookieOf(remembered)!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      maxAge: 30 * 24 * 3600,
    });
    const cookies = { [cookie.name]: cookie.value };
    const skipped = await postLogin(user.email, cookies);
    authResponseSchema.parse(skipped.json());
    // Another account's cookie of the same browser does not count for this one.
    const other = await register(app);
    await enableTwoFactor(app, other, nowMs());
    await challengeOf(other.email, cookies);

    clock.advance(30 * DAY + 1000);
    await challengeOf(user.email, cookies);
    clock.advance(-(30 * DAY + 1000) + STEP);
    authResponseSchema.parse((await postLogin(user.email, cookies)).json());

    const renewed = await callAs(app, user, 'POST', '/account/two-factor/recovery-codes', {
      password: PASSWORD,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    await challengeOf(user.email, cookies);

    clock.advance(STEP);
    const again = await verify(await challengeOf(user.email), referenceTotp(key, nowMs()), true);
    const newCookies = { [cookie.name]: rememberCookieOf(again)!.value };
    authResponseSchema.parse((await postLogin(user.email, newCookies)).json());
    clock.advance(STEP);
    const disabled = await callAs(app, user, 'POST', '/account/two-factor/disable', {
      code: referenceTotp(key, nowMs()),
      password: PASSWORD,
    });
    expect(disabled.statusCode, disabled.body).toBe(204);
    clock.advance(STEP);
    await enableTwoFactor(app, user, nowMs());
    await challengeOf(user.email, newCookies);
    expect(await auditActions(user.user.id)).toEqual(
      expect.arrayContaining([
        'two_factor.recovery_codes_renewed',
        'two_factor.disabled',
        'two_factor.enabled',
      ]),
    );
  });

  it('is turned off only with the password and a code; then sign-in needs the password alone', async () => {
    const user = await register(app);
    const { key } = await enableTwoFactor(app, user, nowMs());
    clock.advance(STEP);
    const withoutCode = await callAs(app, user, 'POST', '/account/two-factor/disable', {
      code: '000000',
      password: PASSWORD,
    });
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json()).toMatchObject({ message: ERROR_MESSAGES.twoFactorInvalidCode });
    const disabled = await callAs(app, user, 'POST', '/account/two-factor/disable', {
      code: referenceTotp(key, nowMs()),
      password: PASSWORD,
    });
    expect(disabled.statusCode, disabled.body).toBe(204);
    authResponseSchema.parse((await postLogin(user.email)).json());
  });

  it('is still asked for after a password reset', async () => {
    const user = await register(app);
    await enableTwoFactor(app, user, nowMs());
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const token = tokenOf(await latestMail(app, user.email, 'reset-password'));
    const reset = await app.inject({
      method: 'POST',
      url: `/api/auth/reset-password?token=${token}`,
      payload: { password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    await challengeOf(user.email);
  });

  it('lets an enterprise admin require it: a member without it can use its setup and nothing else', async () => {
    const admin = await registerVerified(app, { email: uniqueEmail('admin') });
    await setPlan(app, admin.user.id, 'enterprise-admin');
    const member = await registerVerified(app, { email: uniqueEmail('member') });
    await joinEnterprise(app, admin, member);
    const notAdmin = await callAs(app, member, 'PUT', '/enterprise/two-factor', { required: true });
    expect(notAdmin.statusCode).toBe(403);
    const required = await callAs(app, admin, 'PUT', '/enterprise/two-factor', { required: true });
    expect(required.json()).toEqual({ required: true });
    expect(await auditActions(admin.user.id)).toContain('enterprise.two_factor_required');
    // The admin without two-factor is not held back: the requirement is for members.
    expect((await callAs(app, admin, 'GET', '/events')).statusCode).toBe(200);

    const blocked = await callAs(app, member, 'GET', '/events');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ message: ERROR_MESSAGES.twoFactorRequired });
    expect((await callAs(app, member, 'GET', '/auth/self')).statusCode).toBe(200);
    const status = await callAs(app, member, 'GET', '/account/two-factor');
    expect(status.json()).toMatchObject({ enabled: false, required: true });
    await enableTwoFactor(app, member, nowMs());
    expect((await callAs(app, member, 'GET', '/events')).statusCode).toBe(200);
  });
});

describe('two-factor sign-in attempt limits (ADR 071)', () => {
  const clock = testClock();
  let test: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await buildTestApp(
      {},
      { now: clock.now, abuseLimits: abuseLimits({ twoFactorFailuresPerAccount: 8 }) },
    );
    app = test.app;
  });
  afterAll(() => test.cleanup());

  async function challengeOf(email: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
    });
    return twoFactorChallengeSchema.parse(response.json()).twoFactor.challenge;
  }
  const verify = (challenge: string, code: string) =>
    app.inject({ method: 'POST', url: '/api/auth/two-factor', payload: { challenge, code } });

  it(`ends a challenge after ${String(CHALLENGE_MAX_FAILURES)} wrong codes, and caps wrong codes per account`, async () => {
    const user: SignedInUser = await register(app);
    const { key } = await enableTwoFactor(app, user, clock.now().getTime());
    clock.advance(STEP);
    const challenge = await challengeOf(user.email);
    for (let attempt = 1; attempt < CHALLENGE_MAX_FAILURES; attempt += 1) {
      expect((await verify(challenge, 'wrong-code')).json()).toMatchObject({
        message: ERROR_MESSAGES.twoFactorInvalidCode,
      });
    }
    const last = await verify(challenge, 'wrong-code');
    expect(last.statusCode).toBe(401);
    expect(last.json()).toMatchObject({ message: ERROR_MESSAGES.twoFactorChallengeEnded });
    const rightTooLate = await verify(challenge, referenceTotp(key, clock.now().getTime()));
    expect(rightTooLate.json()).toMatchObject({ message: ERROR_MESSAGES.twoFactorChallengeEnded });

    // 8 wrong codes per account and 15 minutes: the next attempt is refused unchecked.
    const second = await challengeOf(user.email);
    for (let attempt = 0; attempt < 3; attempt += 1) await verify(second, 'wrong-code');
    const capped = await verify(second, referenceTotp(key, clock.now().getTime()));
    expect(capped.statusCode).toBe(429);

    clock.advance(31 * 60_000);
    const later = await verify(
      await challengeOf(user.email),
      referenceTotp(key, clock.now().getTime()),
    );
    expect(later.statusCode, later.body).toBe(200);
  });
});
