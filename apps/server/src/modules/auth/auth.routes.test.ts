import { hash } from '@node-rs/argon2';
import { ERROR_MESSAGES, authResponseSchema, selfResponseSchema } from '@livent/shared';
import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PASSWORD,
  latestMail,
  login,
  postRegistration,
  refreshCookieOf,
  register,
  registration,
  tokenOf,
  uniqueEmail,
} from '../../test/accounts.js';
import { testClock, type TestClock } from '../../test/clock.js';
import { buildTestApp, type BuildTestAppOptions, type TestApp } from '../../test/test-app.js';
import type { ConfigEnv } from '../../config.js';
import { PASSWORD_HASH_OPTIONS } from './passwords.js';

const PUBLIC_URL = 'https://app.example.test';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('auth', () => {
  let testApp: TestApp | undefined;
  let clock: TestClock;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  async function build(env: ConfigEnv = {}, options: BuildTestAppOptions = {}) {
    clock = testClock();
    testApp = await buildTestApp({ PUBLIC_URL, ...env }, { now: clock.now, ...options });
    return testApp.app;
  }

  const inject = (options: InjectOptions) => testApp!.app.inject(options);
  const self = (authorization: string) =>
    inject({ method: 'GET', url: '/api/auth/self', headers: { authorization } });
  const refresh = (cookie: string) =>
    inject({
      method: 'POST',
      url: '/api/auth/refresh-tokens',
      cookies: { 'lvnt.auth.refresh': cookie },
    });

  describe('POST /api/auth/register', () => {
    it('creates a free, unverified account, signs it in and queues the verification mail', async () => {
      const app = await build();
      const email = uniqueEmail('ada');
      const response = await postRegistration(
        app,
        registration({ email: email.toUpperCase(), company: 'Analytical Engines' }),
      );

      expect(response.statusCode).toBe(201);
      const body = authResponseSchema.parse(response.json());
      expect(body.user).toMatchObject({
        name: 'Ada Lovelace',
        email,
        initials: 'AL',
        emailVerified: false,
        company: 'Analytical Engines',
        plan: 'free',
        planExpires: null,
        planExpiresInDays: null,
        planAllowance: { features: [], limit: { events: 10, channels: 2, domains: 0 } },
        planConsumption: { events: 0, domains: 0 },
        pendingEmail: null,
        settings: { emailLanguage: 'en', timezone: 'Europe/Berlin', whatsnewSeen: null },
      });
      expect(body.tokens.access.expires).toBe(
        new Date(clock.now().getTime() + 15 * MINUTE).toISOString(),
      );
      expect(body.tokens.refresh.expires).toBe(
        new Date(clock.now().getTime() + 30 * DAY).toISOString(),
      );
      expect(body.tokens.refresh.token.length).toBeGreaterThanOrEqual(43);

      const mail = await latestMail(app, email);
      expect(mail).toMatchObject({
        template: 'verify-email',
        language: 'en',
        status: 'queued',
        subject: 'Confirm your email address for Livent',
        user_id: body.user.id,
      });
      expect(mail.text).toMatch(
        new RegExp(`^${PUBLIC_URL}/verify-email\\?token=[\\w-]{22,}$`, 'm'),
      );
    });

    it('sets the refresh cookie with exactly the required attributes', async () => {
      const app = await build();
      const response = await postRegistration(app, registration());
      const header = response.headers['set-cookie'];
      expect(typeof header).toBe('string');
      const [pair, ...attributes] = String(header).split('; ');
      expect(pair).toBe(`lvnt.auth.refresh=${response.json().tokens.refresh.token}`);
      expect(attributes.sort()).toEqual([
        'HttpOnly',
        'Max-Age=2592000',
        'Path=/',
        'SameSite=Strict',
        'Secure',
      ]);
    });

    it.each([
      [{ cookie: 'lvnt.locale=de' }, 'de'],
      [{ cookie: 'lvnt.locale=en', 'accept-language': 'de-DE,de;q=0.9' }, 'en'],
      [{ 'accept-language': 'de-AT,en;q=0.5' }, 'de'],
      [{ 'accept-language': 'fr-FR,fr;q=0.9,de;q=0.8,en;q=0.7' }, 'de'],
      [{ 'accept-language': 'en-GB,de;q=0.9' }, 'en'],
      [{ 'accept-language': 'fr' }, 'en'],
      [{}, 'en'],
    ])('takes the email language from %j: %s', async (headers, language) => {
      const app = await build();
      const user = await register(app, {}, { headers });
      expect(user.user.settings.emailLanguage).toBe(language);
      expect((await latestMail(app, user.email)).language).toBe(language);
    });

    it('names each invalid field with its message key', async () => {
      const app = await build();
      const response = await postRegistration(app, {
        name: '',
        email: 'not-an-email',
        password: 'short',
        acceptTerms: false,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        message: ERROR_MESSAGES.validationFailed,
        errors: {
          name: 'validation.required',
          email: 'validation.email',
          password: 'validation.minLength?min=8',
          acceptTerms: 'validation.mustAccept',
          acceptPrivacy: 'validation.mustAccept',
        },
      });
    });

    it('refuses a name that reads as a link and mails nothing (ADR 047)', async () => {
      const app = await build();
      const response = await postRegistration(
        app,
        registration({ name: 'Win at evil.example/x', email: 'victim@example.com' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ name: 'validation.noLink' });
      const mails = await app.db.selectFrom('mails').select('id').execute();
      expect(mails).toEqual([]);
    });

    it('refuses fields a client may not set', async () => {
      const app = await build();
      const response = await postRegistration(app, registration({ plan: 'tester', id: 'mine' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        plan: 'validation.unknownField',
        id: 'validation.unknownField',
      });
    });

    it('answers 409 "Email already taken" for a taken address, in any case', async () => {
      const app = await build();
      const { email } = await register(app);
      const response = await postRegistration(app, registration({ email: email.toUpperCase() }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 409, message: ERROR_MESSAGES.emailTaken });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('lets exactly one of two simultaneous sign-ups with one address through', async () => {
      const app = await build();
      const payload = registration();
      const email = String(payload.email);
      const answers = await Promise.all([1, 2].map(() => postRegistration(app, payload)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const users = await app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .execute();
      expect(users).toHaveLength(1);
      expect(
        await app.db.selectFrom('mails').select('id').where('to', '=', email).execute(),
      ).toHaveLength(1);
    });
  });

  describe('POST /api/auth/login', () => {
    it('answers user and tokens and sets the refresh cookie', async () => {
      const app = await build();
      const { email, user } = await register(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ` ${email.toUpperCase()} `, password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const body = authResponseSchema.parse(response.json());
      expect(body.user).toEqual(user);
      expect(refreshCookieOf(response)).toBe(body.tokens.refresh.token);
    });

    it('answers a wrong password and an unknown email identically, both after a password check', async () => {
      const app = await build();
      const { email } = await register(app);
      await app.ready();
      const verify = vi.spyOn(app.services.passwords, 'verify');

      const wrongPassword = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'Wrong1234' },
      });
      const unknownEmail = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: uniqueEmail('nobody'), password: 'Wrong1234' },
      });

      for (const response of [wrongPassword, unknownEmail]) {
        expect(response.statusCode).toBe(401);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      expect(unknownEmail.body).toBe(wrongPassword.body);
      expect(wrongPassword.json()).toEqual({
        code: 401,
        message: ERROR_MESSAGES.incorrectEmailOrPassword,
      });
      // One argon2 verification each: against the stored hash, and against the dummy hash.
      expect(verify).toHaveBeenCalledTimes(2);
    });

    it('re-hashes a password stored with weaker argon2 parameters', async () => {
      // The real parameters: test apps hash cheaply (TEST_PASSWORD_HASH_OPTIONS).
      const app = await build({}, { passwordHashing: PASSWORD_HASH_OPTIONS });
      const { email, user } = await register(app);
      const weak = await hash(PASSWORD, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
      await app.db
        .updateTable('users')
        .set({ password_hash: weak })
        .where('id', '=', user.id)
        .execute();

      await login(app, email);
      const { password_hash: stored } = await app.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(stored).not.toBe(weak);
      expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      await login(app, email);
    });
  });

  describe('sessions: refresh, logout, self', () => {
    it('rotates the refresh token on every use, from the cookie or the body', async () => {
      const app = await build();
      const signedUp = await register(app);

      const first = await refresh(signedUp.refreshCookie);
      expect(first.statusCode).toBe(200);
      const firstBody = authResponseSchema.parse(first.json());
      expect(firstBody.tokens.refresh.token).not.toBe(signedUp.refreshCookie);
      expect(refreshCookieOf(first)).toBe(firstBody.tokens.refresh.token);
      expect(firstBody.user.id).toBe(signedUp.user.id);
      // The family keeps its absolute end.
      expect(firstBody.tokens.refresh.expires).toBe(signedUp.tokens.refresh.expires);

      const second = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh-tokens',
        payload: { refreshToken: firstBody.tokens.refresh.token },
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().tokens.refresh.token).not.toBe(firstBody.tokens.refresh.token);
      expect((await self(`Bearer ${second.json().tokens.access.token}`)).statusCode).toBe(200);
    });

    it('gives concurrent refreshes within the grace window the same successor', async () => {
      const app = await build();
      const { refreshCookie } = await register(app);

      const answers = await Promise.all([
        refresh(refreshCookie),
        refresh(refreshCookie),
        refresh(refreshCookie),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const successors = new Set(answers.map((answer) => answer.json().tokens.refresh.token));
      expect(successors.size).toBe(1);

      clock.advance(14_000);
      const late = await refresh(refreshCookie);
      expect(late.statusCode).toBe(200);
      expect(late.json().tokens.refresh.token).toBe([...successors][0]);
    });

    it('revokes the whole family when a rotated token comes back after the grace window', async () => {
      const app = await build();
      const { refreshCookie } = await register(app);
      const rotated = (await refresh(refreshCookie)).json();
      const successor = rotated.tokens.refresh.token;

      clock.advance(16_000);
      const replay = await refresh(refreshCookie);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ code: 401, message: ERROR_MESSAGES.unauthorized });
      expect(replay.headers['set-cookie']).toMatch(/^lvnt\.auth\.refresh=;/);

      expect((await refresh(successor)).statusCode).toBe(401);
      expect((await self(`Bearer ${rotated.tokens.access.token}`)).statusCode).toBe(401);
      const session = await app.db
        .selectFrom('sessions')
        .select(['revoked_at', 'revoked_reason'])
        .executeTakeFirstOrThrow();
      expect(session).toEqual({
        revoked_at: clock.now().toISOString(),
        revoked_reason: 'refresh-token-reuse',
      });
    });

    it('also revokes the family for a token two rotations old', async () => {
      const app = await build();
      const { refreshCookie } = await register(app);
      const second = (await refresh(refreshCookie)).json().tokens.refresh.token;
      clock.advance(20_000);
      const third = (await refresh(second)).json().tokens.refresh.token;
      clock.advance(20_000);
      expect((await refresh(refreshCookie)).statusCode).toBe(401);
      expect((await refresh(third)).statusCode).toBe(401);
    });

    it('ends a family 30 days after sign-in however often it was refreshed', async () => {
      const app = await build();
      let token = (await register(app)).refreshCookie;
      for (let week = 0; week < 4; week += 1) {
        clock.advance(7 * DAY);
        const answer = await refresh(token);
        expect(answer.statusCode).toBe(200);
        token = answer.json().tokens.refresh.token;
      }
      clock.advance(2 * DAY + 1);
      expect((await refresh(token)).statusCode).toBe(401);
    });

    it('answers 204 without a refresh token (no session is not an error)', async () => {
      await build();
      const missing = await inject({ method: 'POST', url: '/api/auth/refresh-tokens' });
      expect(missing.statusCode).toBe(204);
      expect(missing.body).toBe('');
      expect(missing.headers['set-cookie']).toBeUndefined();
    });

    it('answers 401 "Please authenticate" with an unknown refresh token', async () => {
      await build();
      const unknown = await refresh('x'.repeat(43));
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ code: 401, message: ERROR_MESSAGES.unauthorized });
    });

    it('lets an access token live 15 minutes', async () => {
      const app = await build();
      const { headers } = await register(app);
      clock.advance(15 * MINUTE - 1000);
      expect((await self(headers.authorization)).statusCode).toBe(200);
      clock.advance(1000);
      expect((await self(headers.authorization)).statusCode).toBe(401);
    });

    it('logs out: revokes the session, its tokens stop working, the cookie is cleared', async () => {
      const app = await build();
      const { refreshCookie, headers } = await register(app);
      // Signed in just before: the session check's cache (session-cache.ts) knows the session.
      expect((await self(headers.authorization)).statusCode).toBe(200);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        cookies: { 'lvnt.auth.refresh': refreshCookie },
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const cleared = String(response.headers['set-cookie']);
      expect(cleared).toMatch(/^lvnt\.auth\.refresh=; /);
      expect(cleared).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
      expect(cleared).toContain('Path=/');

      expect((await refresh(refreshCookie)).statusCode).toBe(401);
      expect((await self(headers.authorization)).statusCode).toBe(401);
    });

    it('logs out with the token in the body, and answers 204 without any token', async () => {
      const app = await build();
      const { tokens, headers } = await register(app);
      const withBody = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refreshToken: tokens.refresh.token },
      });
      expect(withBody.statusCode).toBe(204);
      expect((await self(headers.authorization)).statusCode).toBe(401);
      expect((await inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
    });

    it('answers self with the user and the access token it was given, minting nothing', async () => {
      const app = await build();
      const { headers, tokens, user } = await register(app);
      const response = await self(headers.authorization);
      expect(response.statusCode).toBe(200);
      expect(selfResponseSchema.parse(response.json())).toEqual({
        user,
        tokens: { access: tokens.access },
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it.each([
      ['no header', undefined],
      ['another scheme', 'Basic YWRhOnB3'],
      ['a malformed token', 'Bearer not.a.jwt'],
    ])('refuses self with %s: 401 and WWW-Authenticate', async (_case, authorization) => {
      await build();
      const response = await inject({
        method: 'GET',
        url: '/api/auth/self',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 401, message: ERROR_MESSAGES.unauthorized });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="livent"');
    });

    it('does not take a guest token (Token-Authorization) as sign-in', async () => {
      const app = await build();
      const { tokens } = await register(app);
      const response = await app.inject({
        method: 'GET',
        url: '/api/auth/self',
        headers: { 'token-authorization': tokens.access.token },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('email verification', () => {
    const verify = (token: string) =>
      inject({ method: 'POST', url: `/api/auth/verify-email?token=${token}` });

    it('verifies once; the link is used up afterwards', async () => {
      const app = await build();
      const { email, headers } = await register(app);
      const token = tokenOf(await latestMail(app, email));

      const response = await verify(token);
      expect(response.statusCode).toBe(204);
      expect((await self(headers.authorization)).json().user.emailVerified).toBe(true);

      const again = await verify(token);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ code: 404, message: ERROR_MESSAGES.tokenNotFound });
    });

    it('answers 400 "Token expired" after 24 hours and 404 for an unknown token', async () => {
      const app = await build();
      const { email } = await register(app);
      const token = tokenOf(await latestMail(app, email));
      clock.advance(DAY);

      const expired = await verify(token);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ code: 400, message: ERROR_MESSAGES.tokenExpired });
      expect((await verify('A'.repeat(22))).json()).toEqual({
        code: 404,
        message: ERROR_MESSAGES.tokenNotFound,
      });
    });

    it('needs the token query parameter', async () => {
      await build();
      const response = await inject({ method: 'POST', url: '/api/auth/verify-email' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ token: 'validation.required' });
    });

    it('mails a new link on request, and nothing once verified', async () => {
      const app = await build();
      const { email, headers } = await register(app, {}, { headers: { cookie: 'lvnt.locale=de' } });
      const first = await latestMail(app, email);
      clock.advance(1000);

      const response = await inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers,
      });
      expect(response.statusCode).toBe(204);
      const second = await latestMail(app, email);
      expect(second.id).not.toBe(first.id);
      expect(second).toMatchObject({
        language: 'de',
        subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Livent',
      });

      // Either link works (each once).
      expect((await verify(tokenOf(first))).statusCode).toBe(204);
      const count = async () => (await app.db.selectFrom('mails').select('id').execute()).length;
      const before = await count();
      expect(
        (await inject({ method: 'POST', url: '/api/auth/send-verification-email', headers }))
          .statusCode,
      ).toBe(204);
      expect(await count()).toBe(before);
      expect((await verify(tokenOf(second))).statusCode).toBe(404);
    });

    it('needs sign-in to mail a new link', async () => {
      await build();
      expect(
        (await inject({ method: 'POST', url: '/api/auth/send-verification-email' })).statusCode,
      ).toBe(401);
    });
  });

  describe('password reset', () => {
    const forgot = (email: string) =>
      inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const reset = (token: string, password = 'Better456', confirmPassword = password) =>
      inject({
        method: 'POST',
        url: `/api/auth/reset-password?token=${token}`,
        payload: { password, confirmPassword },
      });

    it('answers 204 alike for known and unknown addresses and mails only the known one', async () => {
      const app = await build();
      const { email, user } = await register(app, {}, { headers: { 'accept-language': 'de' } });
      const unknown = uniqueEmail('nobody');

      const known = await forgot(email.toUpperCase());
      const other = await forgot(unknown);
      expect(known.statusCode).toBe(204);
      expect(other.statusCode).toBe(204);
      expect(known.body).toBe(other.body);
      expect(
        await app.db.selectFrom('mails').select('id').where('to', '=', unknown).execute(),
      ).toEqual([]);

      const mail = await latestMail(app, email, 'reset-password');
      expect(mail).toMatchObject({
        template: 'reset-password',
        language: 'de',
        user_id: user.id,
        subject: 'Setzen Sie Ihr Livent-Passwort zurück',
      });
      expect(mail.text).toMatch(
        new RegExp(`^${PUBLIC_URL}/reset-password\\?token=[\\w-]{22,}$`, 'm'),
      );
    });

    it('sets the new password, ends every session and uses the link up', async () => {
      const app = await build();
      const { email, refreshCookie, headers } = await register(app);
      const other = await login(app, email);
      await forgot(email);
      const token = tokenOf(await latestMail(app, email, 'reset-password'));

      expect((await reset(token)).statusCode).toBe(204);

      for (const session of [refreshCookie, other.refreshCookie])
        expect((await refresh(session)).statusCode).toBe(401);
      expect((await self(headers.authorization)).statusCode).toBe(401);
      const oldPassword = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
      });
      expect(oldPassword.statusCode).toBe(401);
      const signedIn = await login(app, email, 'Better456');
      // The link reached the address, so it is verified now.
      expect(signedIn.user.emailVerified).toBe(true);

      const again = await reset(token, 'Another789');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ code: 400, message: ERROR_MESSAGES.passwordResetFailed });
    });

    it('answers "Password reset failed" for an expired or unknown link', async () => {
      const app = await build();
      const { email } = await register(app);
      await forgot(email);
      const token = tokenOf(await latestMail(app, email, 'reset-password'));
      clock.advance(60 * MINUTE);
      for (const response of [await reset(token), await reset('B'.repeat(22))]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 400, message: ERROR_MESSAGES.passwordResetFailed });
      }
      await login(app, email);
    });

    it('checks the new password like sign-up', async () => {
      const app = await build();
      const { email } = await register(app);
      await forgot(email);
      const token = tokenOf(await latestMail(app, email, 'reset-password'));
      const response = await reset(token, 'alllowercase1', 'different');
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({
        password: 'validation.passwordComplexity',
        confirmPassword: 'validation.passwordsMismatch',
      });
    });
  });
});
