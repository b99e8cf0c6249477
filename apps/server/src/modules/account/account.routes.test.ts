import { ERROR_MESSAGES, authResponseSchema, userSchema, type Session } from '@livent/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  latestMail,
  login,
  refreshCookieOf,
  register,
  registerVerified,
  tokenOf,
  uniqueEmail,
  type SignedInUser,
} from '../../test/accounts.js';
import { testClock, type TestClock } from '../../test/clock.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('account', () => {
  let testApp: TestApp | undefined;
  let clock: TestClock;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  async function build() {
    clock = testClock();
    testApp = await buildTestApp({}, { now: clock.now });
    return testApp.app;
  }

  const inject = (options: InjectOptions) => testApp!.app.inject(options);
  const self = async (user: Pick<SignedInUser, 'headers'>) =>
    (await inject({ method: 'GET', url: '/api/auth/self', headers: user.headers })).json();
  const refresh = (cookie: string) =>
    inject({
      method: 'POST',
      url: '/api/auth/refresh-tokens',
      cookies: { 'lvnt.auth.refresh': cookie },
    });

  describe('PATCH /api/account/profile', () => {
    const patch = (user: SignedInUser, payload: object) =>
      inject({ method: 'PATCH', url: '/api/account/profile', headers: user.headers, payload });

    it('changes only the given fields and answers the user', async () => {
      const app = await build();
      const user = await register(app, { company: 'Engines' });

      const renamed = await patch(user, { name: 'Augusta Ada King' });
      expect(renamed.statusCode).toBe(200);
      expect(userSchema.parse(renamed.json())).toMatchObject({
        name: 'Augusta Ada King',
        initials: 'AK',
        company: 'Engines',
      });

      const initials = await patch(user, { initials: 'aal', company: '' });
      expect(initials.json()).toMatchObject({
        name: 'Augusta Ada King',
        initials: 'AAL',
        company: null,
      });
      expect((await self(user)).user).toEqual(initials.json());
    });

    it.each([
      [{ email: 'x@example.com' }, { email: 'validation.unknownField' }],
      [{ plan: 'tester' }, { plan: 'validation.unknownField' }],
      [{ name: '' }, { name: 'validation.required' }],
      [{ initials: 'ABCD' }, { initials: 'validation.maxLength?max=3' }],
    ])('refuses %j', async (payload, errors) => {
      const app = await build();
      const response = await patch(await register(app), payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(errors);
    });
  });

  describe('POST /api/account/email', () => {
    const change = (user: SignedInUser, email: string, password = PASSWORD) =>
      inject({
        method: 'POST',
        url: '/api/account/email',
        headers: user.headers,
        payload: { email, password },
      });
    const verify = (token: string) =>
      inject({ method: 'POST', url: `/api/auth/verify-email?token=${token}` });
    /** A verified account whose mails are in German. */
    const germanAda = async (app: FastifyInstance) => {
      const user = await registerVerified(app, { name: 'Ada' });
      await inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: user.headers,
        payload: { emailLanguage: 'de' },
      });
      return user;
    };

    it('mails a link to the new address; the address changes only when it is followed', async () => {
      const app = await build();
      const user = await germanAda(app);
      const newEmail = uniqueEmail('new');

      const response = await change(user, newEmail.toUpperCase());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        email: user.email,
        pendingEmail: newEmail,
        emailVerified: true,
      });

      const mail = await latestMail(app, newEmail);
      expect(mail).toMatchObject({
        template: 'confirm-email-change',
        language: 'de',
        subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für Livent',
      });
      expect(mail.text).toContain(newEmail);
      expect(mail.text).toContain('http://localhost:3000/verify-email?token=');
      // Nothing changed yet: the old address still signs in.
      await login(app, user.email);

      expect((await verify(tokenOf(mail))).statusCode).toBe(204);
      expect((await self(user)).user).toMatchObject({
        email: newEmail,
        pendingEmail: null,
        emailVerified: true,
      });
      await login(app, newEmail);
      const old = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: PASSWORD },
      });
      expect(old.statusCode).toBe(401);
      expect((await verify(tokenOf(mail))).statusCode).toBe(404);
    });

    it('tells the old address once the change took effect, in its language, and whom to write', async () => {
      const app = await build();
      const user = await germanAda(app);
      const newEmail = uniqueEmail('moved');
      await change(user, newEmail);
      // Only asked for: nothing changed yet, so the old address hears nothing.
      await expect(latestMail(app, user.email, 'email-changed')).rejects.toThrow('no mail');
      expect((await verify(tokenOf(await latestMail(app, newEmail)))).statusCode).toBe(204);
      const notice = await latestMail(app, user.email, 'email-changed');
      expect(notice).toMatchObject({
        language: 'de',
        subject: 'Die E-Mail-Adresse Ihres Livent-Kontos wurde geändert',
      });
      expect(notice.text).toContain(`lautet jetzt ${newEmail}`);
      expect(notice.text).toContain(app.config.supportEmail);
      expect(notice.html).not.toContain('href=');
    });

    it('verifies an unverified account through the new address', async () => {
      const app = await build();
      const user = await register(app);
      const newEmail = uniqueEmail('fixed');
      await change(user, newEmail);
      expect((await verify(tokenOf(await latestMail(app, newEmail)))).statusCode).toBe(204);
      expect((await self(user)).user).toMatchObject({ email: newEmail, emailVerified: true });
      // The verification link to the old, mistyped address proves nothing any more.
      expect((await verify(tokenOf(await latestMail(app, user.email)))).statusCode).toBe(404);
    });

    it('lets only the newest request count', async () => {
      const app = await build();
      const user = await registerVerified(app);
      const first = uniqueEmail('first');
      const second = uniqueEmail('second');
      await change(user, first);
      await change(user, second);
      expect((await verify(tokenOf(await latestMail(app, first)))).statusCode).toBe(404);
      expect((await verify(tokenOf(await latestMail(app, second)))).statusCode).toBe(204);
      expect((await self(user)).user.email).toBe(second);
    });

    it('answers "Email change failed" for a wrong password and 409 for a taken address', async () => {
      const app = await build();
      const user = await registerVerified(app);
      const other = await register(app);

      const wrong = await change(user, uniqueEmail(), 'Wrong1234');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ code: 400, message: ERROR_MESSAGES.emailChangeFailed });

      const taken = await change(user, other.email);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ code: 409, message: ERROR_MESSAGES.emailTaken });

      const same = await change(user, user.email);
      expect(same.statusCode).toBe(400);
      expect(same.json().errors).toEqual({ email: 'validation.invalid' });
    });

    it('answers 409 when the new address was taken before the link is followed', async () => {
      const app = await build();
      const user = await registerVerified(app);
      const newEmail = uniqueEmail('contested');
      await change(user, newEmail);
      await register(app, { email: newEmail });
      const response = await verify(
        tokenOf(await latestMail(app, newEmail, 'confirm-email-change')),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 409, message: ERROR_MESSAGES.emailTaken });
      expect((await self(user)).user.email).toBe(user.email);
    });
  });

  describe('POST /api/account/password', () => {
    const change = (user: SignedInUser, payload: object) =>
      inject({ method: 'POST', url: '/api/account/password', headers: user.headers, payload });

    it('sets the new password, ends every session and answers a fresh one', async () => {
      const app = await build();
      const user = await register(app);
      const elsewhere = await login(app, user.email);

      const response = await change(user, {
        oldPassword: PASSWORD,
        newPassword: 'Better456',
        confirmPassword: 'Better456',
      });
      expect(response.statusCode).toBe(200);
      const body = authResponseSchema.parse(response.json());
      expect(refreshCookieOf(response)).toBe(body.tokens.refresh.token);

      for (const cookie of [user.refreshCookie, elsewhere.refreshCookie])
        expect((await refresh(cookie)).statusCode).toBe(401);
      expect(
        (await inject({ method: 'GET', url: '/api/auth/self', headers: elsewhere.headers }))
          .statusCode,
      ).toBe(401);
      expect(
        (await inject({ method: 'GET', url: '/api/auth/self', headers: user.headers })).statusCode,
      ).toBe(401);
      const fresh = { headers: { authorization: `Bearer ${body.tokens.access.token}` } };
      expect((await self(fresh)).user.id).toBe(user.user.id);
      expect((await refresh(body.tokens.refresh.token)).statusCode).toBe(200);
      await login(app, user.email, 'Better456');
    });

    it('answers "Password change failed" for a wrong old password', async () => {
      const app = await build();
      const user = await register(app);
      const response = await change(user, {
        oldPassword: 'Wrong1234',
        newPassword: 'Better456',
        confirmPassword: 'Better456',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, message: ERROR_MESSAGES.passwordChangeFailed });
      expect((await self(user)).user.id).toBe(user.user.id);
    });

    it.each([
      [
        { oldPassword: PASSWORD, newPassword: 'Better456', confirmPassword: 'Better457' },
        { confirmPassword: 'validation.passwordsMismatch' },
      ],
      [
        { oldPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD },
        { newPassword: 'validation.passwordSameAsOld' },
      ],
      [
        { oldPassword: PASSWORD, newPassword: 'weak', confirmPassword: 'weak' },
        { newPassword: 'validation.minLength?min=8' },
      ],
    ])('checks %j', async (payload, errors) => {
      const app = await build();
      const response = await change(await register(app), payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(errors);
    });
  });

  describe('sessions', () => {
    const list = async (user: SignedInUser) => {
      const response = await inject({
        method: 'GET',
        url: '/api/account/sessions',
        headers: user.headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json<Session[]>();
    };

    it('lists the active sessions, most recently used first, marking the current one', async () => {
      const app = await build();
      const user = await register(
        app,
        {},
        { headers: { 'user-agent': FIREFOX_LINUX }, remoteAddress: '192.0.2.1' },
      );
      clock.advance(60_000);
      const phone = await login(app, user.email, PASSWORD, {
        headers: { 'user-agent': CHROME_WINDOWS },
        remoteAddress: '2001:db8::7',
      });
      clock.advance(60_000);
      await login(app, user.email, PASSWORD, { headers: { 'user-agent': 'curl/8.5.0' } });

      const sessions = await list(phone);
      expect(sessions.map(({ id: _id, ...rest }) => rest)).toEqual([
        {
          createdAt: '2026-11-22T10:02:00.000Z',
          lastUsedAt: '2026-11-22T10:02:00.000Z',
          userAgent: 'curl/8.5.0',
          ip: '127.0.0.1',
          current: false,
        },
        {
          createdAt: '2026-11-22T10:01:00.000Z',
          lastUsedAt: '2026-11-22T10:01:00.000Z',
          userAgent: 'Chrome 126 on Windows',
          ip: '2001:db8::7',
          current: true,
        },
        {
          createdAt: '2026-11-22T10:00:00.000Z',
          lastUsedAt: '2026-11-22T10:00:00.000Z',
          userAgent: 'Firefox 128 on Linux',
          ip: '192.0.2.1',
          current: false,
        },
      ]);

      clock.advance(60_000);
      await refresh(user.refreshCookie);
      expect((await list(phone))[0]).toMatchObject({
        lastUsedAt: '2026-11-22T10:03:00.000Z',
        userAgent: 'lightMyRequest',
        current: false,
      });
    });

    it("revokes one session by id, and only the account's own", async () => {
      const app = await build();
      const user = await register(app);
      const other = await login(app, user.email);
      const stranger = await register(app);
      const target = (await list(user)).find((session) => !session.current)!;

      const foreign = await inject({
        method: 'DELETE',
        url: `/api/account/sessions/${target.id}`,
        headers: stranger.headers,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ code: 404, message: ERROR_MESSAGES.notFound });
      expect(
        (
          await inject({
            method: 'DELETE',
            url: '/api/account/sessions/unknown',
            headers: user.headers,
          })
        ).statusCode,
      ).toBe(404);

      const response = await inject({
        method: 'DELETE',
        url: `/api/account/sessions/${target.id}`,
        headers: user.headers,
      });
      expect(response.statusCode).toBe(204);
      expect((await list(user)).map((session) => session.id)).not.toContain(target.id);
      expect((await refresh(other.refreshCookie)).statusCode).toBe(401);
      expect(
        (await inject({ method: 'GET', url: '/api/auth/self', headers: other.headers })).statusCode,
      ).toBe(401);
      expect(
        (
          await inject({
            method: 'DELETE',
            url: `/api/account/sessions/${target.id}`,
            headers: user.headers,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('revokes every other session', async () => {
      const app = await build();
      const user = await register(app);
      const others = [await login(app, user.email), await login(app, user.email)];
      const stranger = await register(app);

      const response = await inject({
        method: 'DELETE',
        url: '/api/account/sessions',
        headers: user.headers,
      });
      expect(response.statusCode).toBe(204);
      expect(await list(user)).toHaveLength(1);
      for (const other of others) expect((await refresh(other.refreshCookie)).statusCode).toBe(401);
      expect((await refresh(user.refreshCookie)).statusCode).toBe(200);
      expect(await list(stranger)).toHaveLength(1);
    });
  });

  describe('DELETE /api/account', () => {
    const remove = (user: SignedInUser, password = PASSWORD) =>
      inject({
        method: 'DELETE',
        url: '/api/account',
        headers: user.headers,
        payload: { password },
      });

    it('deletes the account and everything of it', async () => {
      const app = await build();
      const user = await registerVerified(app);
      await inject({
        method: 'POST',
        url: '/api/feedback',
        headers: user.headers,
        payload: { email: user.email, message: 'Bye' },
      });
      await inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      const stranger = await register(app);

      const response = await remove(user);
      expect(response.statusCode).toBe(204);
      expect(String(response.headers['set-cookie'])).toMatch(/^lvnt\.auth\.refresh=;/);

      for (const table of ['users', 'sessions', 'tokens', 'mails', 'feedback'] as const) {
        const column = table === 'users' ? 'id' : 'user_id';
        const rows = await app.db
          .selectFrom(table)
          .select(column)
          .where(column, '=', user.user.id)
          .execute();
        expect(rows, table).toEqual([]);
      }
      expect(await app.db.selectFrom('refresh_tokens').selectAll().execute()).toHaveLength(1);
      expect(
        (await inject({ method: 'GET', url: '/api/auth/self', headers: user.headers })).statusCode,
      ).toBe(401);
      expect((await refresh(user.refreshCookie)).statusCode).toBe(401);
      expect(
        (
          await inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: user.email, password: PASSWORD },
          })
        ).statusCode,
      ).toBe(401);
      await register(app, { email: user.email });
      expect((await self(stranger)).user.id).toBe(stranger.user.id);
    });

    it('answers "Account deletion failed" for a wrong password', async () => {
      const app = await build();
      const user = await register(app);
      const response = await remove(user, 'Wrong1234');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 400, message: ERROR_MESSAGES.accountDeletionFailed });
      expect((await self(user)).user.id).toBe(user.user.id);
    });

    it.each(['custom', 'enterprise-admin', 'enterprise-member'])(
      'refuses the %s plan with 403',
      async (plan) => {
        const app = await build();
        const user = await register(app);
        await app.db.updateTable('users').set({ plan }).where('id', '=', user.user.id).execute();
        const response = await remove(user);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          code: 403,
          message: ERROR_MESSAGES.accountDeletionNotAllowed,
        });
        expect((await self(user)).user.plan).toBe(plan);
      },
    );

    it('needs the password', async () => {
      const app = await build();
      const user = await register(app);
      const response = await inject({
        method: 'DELETE',
        url: '/api/account',
        headers: user.headers,
        payload: {},
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ password: 'validation.required' });
    });
  });
});
