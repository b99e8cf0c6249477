import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  latestMail,
  refreshCookieOf,
  register,
  tokenOf,
  type SignedInUser,
} from '../test/accounts.js';
import { setPlan } from '../test/events.js';
import { renewGuestToken } from '../test/messages.js';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.js';
import { buildTestApp, memoryStream, type TestApp } from '../test/test-app.js';
import { insertEvent, onEventsHost } from '../modules/public/public.fixtures.js';

// Logs never carry tokens, passwords or guest links (docs/architecture.md, "Security
// requirements"; docs/decisions/032-operations.md): the account, inbox and viewer flows run as
// `npm start` runs them, the logger writes every line at debug, and none of the secrets the flows
// used or were given appears in any line.

let test: TestApp;
let app: FastifyInstance;
let smtp: TestSmtpServer;
const log = memoryStream();
/** Every secret the flows used, by what it is (for a readable failure). */
const secrets = new Map<string, string>();

function secret(name: string, value: string | undefined): string {
  expect(value, name).toBeTruthy();
  secrets.set(name, value ?? '');
  return value ?? '';
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  test = await buildTestApp(
    // Production: no development tools (they log one-time links on purpose, ADR 019).
    { LIVENT_DEV_TOOLS: undefined, LOG_LEVEL: 'debug', SMTP_URL: smtp.url },
    { logStream: log, mailWorker: { pollIntervalMs: 50 } },
  );
  app = test.app;
});
afterAll(async () => {
  await test.cleanup();
  await smtp.close();
});

const expectStatus = (response: LightMyRequestResponse, status: number) =>
  expect(response.statusCode, response.body).toBe(status);

describe('the log of the account, inbox and viewer flows', () => {
  let owner: SignedInUser;

  it('runs sign-up, verification, login, refresh and a password reset', async () => {
    owner = await register(app, { password: secret('sign-up password', 'Sign-Up-Secret-4711') });
    secret('access token at sign-up', owner.tokens.access.token);
    secret('refresh token at sign-up', owner.tokens.refresh.token);
    const verifyToken = secret(
      'verification token',
      tokenOf(await latestMail(app, owner.email, 'verify-email')),
    );
    expectStatus(
      await app.inject({ method: 'POST', url: `/api/auth/verify-email?token=${verifyToken}` }),
      204,
    );

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: 'Sign-Up-Secret-4711' },
    });
    expectStatus(login, 200);
    const refreshToken = secret('refresh token at login', refreshCookieOf(login));
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-tokens',
      headers: { cookie: `lvnt.auth.refresh=${refreshToken}` },
    });
    expectStatus(refreshed, 200);
    secret(
      'refreshed access token',
      refreshed.json<{ tokens: { access: { token: string } } }>().tokens.access.token,
    );
    secret('rotated refresh token', refreshCookieOf(refreshed));

    expectStatus(
      await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: owner.email },
      }),
      204,
    );
    const resetToken = secret(
      'reset token',
      tokenOf(await latestMail(app, owner.email, 'reset-password')),
    );
    const newPassword = secret('new password', 'Reset-Secret-0815');
    expectStatus(
      await app.inject({
        method: 'POST',
        url: `/api/auth/reset-password?token=${resetToken}`,
        payload: { password: newPassword, confirmPassword: newPassword },
      }),
      204,
    );
    // A wrong password, and a body that is not JSON, are logged as failures: still no secret.
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: secret('wrong password', 'Wrong-Secret-1234') },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${owner.email}","password":"${secret('broken body password', 'Broken-Secret-5678')}"`,
    });
    owner = await (async () => {
      const again = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.email, password: newPassword },
      });
      expectStatus(again, 200);
      const token = secret(
        'access token after reset',
        again.json<{ tokens: { access: { token: string } } }>().tokens.access.token,
      );
      return { ...owner, headers: { authorization: `Bearer ${token}` } };
    })();
    // Three password hashes and a dozen requests: more than the default on a busy machine.
  }, 30_000);

  it('runs the guest inbox, personal links, invitations with passwords and single sign-on', async () => {
    await setPlan(app, owner.user.id, 'enterprise-member');
    const inbox = await insertEvent(app, owner.user.id, { messagesEnabled: true });
    const guestToken = secret('guest token', await renewGuestToken(app, owner, inbox.id));
    expectStatus(
      await app.inject({
        method: 'GET',
        url: `/api/shared/messages/${inbox.id}`,
        headers: { 'token-authorization': guestToken },
      }),
      200,
    );
    // The dashboard's guest page carries the token in its address.
    await app.inject({ method: 'GET', url: `/shared/messages/${inbox.id}?token=${guestToken}` });

    const gated = await insertEvent(app, owner.user.id, { accessMode: 'registration' });
    const registered = await onEventsHost(app, `/${gated.slug}/_access/register`, {
      method: 'POST',
      payload: new URLSearchParams({ name: 'Viewer', email: 'viewer@example.com' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectStatus(registered, 303);
    secret('access cookie', String(registered.headers['set-cookie']).split(';')[0]?.split('=')[1]);
    const registration = await app.db
      .selectFrom('registrations')
      .select('token')
      .where('event_id', '=', gated.id)
      .executeTakeFirstOrThrow();
    const personal = secret('registration personal link token', registration.token);
    await onEventsHost(app, `/${gated.slug}/_access/r/${personal}`);

    const invited = await insertEvent(app, owner.user.id, { accessMode: 'invitation' });
    const boundary = 'livent-log-boundary';
    const invitationPassword = secret('imported invitation password', 'Invite-Secret-2468');
    const csv = `name,email,password\nGuest,guest@example.com,${invitationPassword}\n`;
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${JSON.stringify({ 0: 'name', 1: 'email', 2: 'password' })}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="passwordMode"\r\n\r\nimport\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
    expectStatus(
      await app.inject({
        method: 'POST',
        url: `/api/events/${invited.id}/invitations/import`,
        headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      }),
      200,
    );
    const invitation = await app.db
      .selectFrom('invitations')
      .select(['token', 'password'])
      .where('event_id', '=', invited.id)
      .executeTakeFirstOrThrow();
    expect(invitation.password).toBe(invitationPassword);
    const invitationToken = secret('invitation personal link token', invitation.token);
    expectStatus(
      await onEventsHost(app, `/${invited.slug}/_access/invitation`, {
        method: 'POST',
        payload: new URLSearchParams({
          username: 'guest@example.com',
          password: invitationPassword,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      303,
    );
    await onEventsHost(app, `/${invited.slug}/_access/i/${invitationToken}`);

    const sso = await insertEvent(app, owner.user.id, { accessMode: 'cip' });
    expectStatus(
      await app.inject({
        method: 'PATCH',
        url: `/api/events/${sso.id}/sso`,
        headers: owner.headers,
        payload: {
          issuer: 'https://login.example.com',
          clientId: 'livent-viewers',
          clientSecret: secret('SSO client secret', 'Sso-Client-Secret-13579'),
          buttonLabel: 'Staff account',
        },
      }),
      200,
    );
    // The provider's answer comes back in the address: an authorization code and the state.
    const code = secret('SSO authorization code', 'sso-code-97531-abcdefghijklmnop');
    const state = secret('SSO state', 'sso-state-86420-abcdefghijklmnop');
    await onEventsHost(app, `/${sso.slug}/_access/sso/callback?code=${code}&state=${state}`);
  }, 30_000);

  it('wrote none of those secrets to any log line', async () => {
    // Mails went out (the worker logs them) before the log is read.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await app.services.mailer.stop();
    const text = log.text();
    // A line per request at least, and debug lines: the logger was really writing.
    expect(text.split('\n').length).toBeGreaterThan(20);
    expect(text).toContain('"level":20');
    const leaked = [...secrets].filter(([, value]) => text.includes(value)).map(([name]) => name);
    expect(leaked).toEqual([]);
  });
});
