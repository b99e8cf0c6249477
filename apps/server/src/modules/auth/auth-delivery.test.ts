import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  latestMail,
  login,
  postRegistration,
  register,
  registration,
  tokenOf,
} from '../../test/accounts.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { buildTestApp, memoryStream, type TestApp } from '../../test/test-app.js';

const PUBLIC_URL = 'https://app.example.test';

describe('account mails over SMTP', () => {
  let testApp: TestApp | undefined;
  let smtp: TestSmtpServer | undefined;
  afterEach(async () => {
    await testApp?.cleanup();
    await smtp?.close();
    testApp = smtp = undefined;
  });

  it('delivers the verification mail in the account language with a link to PUBLIC_URL', async () => {
    smtp = await startSmtpServer();
    testApp = await buildTestApp(
      { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Livent <no-reply@example.test>' },
      { mailWorker: { pollIntervalMs: 50 } },
    );
    const { app } = testApp;
    const user = await register(
      app,
      { name: 'Grace Hopper' },
      { headers: { 'accept-language': 'de-DE' } },
    );

    await vi.waitFor(() => expect(smtp?.received).toHaveLength(1));
    const received = smtp.received[0];
    expect(received?.to).toEqual([user.email]);
    expect(received?.from).toBe('no-reply@example.test');
    expect(received?.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für Livent');
    expect(received?.text).toContain('Hallo Grace Hopper,');
    expect(received?.html).toContain('E-Mail-Adresse bestätigen');
    const link = /https?:\/\/\S+verify-email\?token=[\w-]+/.exec(received?.text ?? '')?.[0] ?? '';
    expect(link.startsWith(`${PUBLIC_URL}/verify-email?token=`)).toBe(true);
    expect(received?.html).toContain(`href="${link}"`);

    await vi.waitFor(async () =>
      expect((await latestMail(app, user.email)).status).toBe('accepted'),
    );
    // The link from the mail works (its token was blanked in the outbox after sending).
    const token = new URL(link).searchParams.get('token');
    expect((await latestMail(app, user.email)).text).not.toContain(token);
    const verified = await app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?token=${token}`,
    });
    expect(verified.statusCode).toBe(204);
  });

  it('points links at PUBLIC_URL whatever host the request names', async () => {
    testApp = await buildTestApp({ PUBLIC_URL, TRUST_PROXY: 'true' });
    // Another Host gets no API at all (ADR 043); a forwarded host, even from a trusted proxy,
    // names no link either.
    const elsewhere = await postRegistration(testApp.app, registration(), {
      headers: { host: 'evil.example' },
    });
    expect(elsewhere.statusCode).toBe(404);
    const user = await register(
      testApp.app,
      {},
      { headers: { 'x-forwarded-host': 'evil.example' } },
    );
    expect((await latestMail(testApp.app, user.email)).text).toContain(
      `${PUBLIC_URL}/verify-email?token=`,
    );
  });
});

describe('logging of account flows', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  async function flows(app: TestApp['app']) {
    const user = await register(app);
    const signedIn = await login(app, user.email);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-tokens',
      payload: { refreshToken: signedIn.tokens.refresh.token },
    });
    const verificationToken = tokenOf(await latestMail(app, user.email, 'verify-email'));
    await app.inject({ method: 'POST', url: `/api/auth/verify-email?token=${verificationToken}` });
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const resetToken = tokenOf(await latestMail(app, user.email, 'reset-password'));
    await app.inject({
      method: 'POST',
      url: `/api/auth/reset-password?token=${resetToken}`,
      payload: { password: 'Better456', confirmPassword: 'Better456' },
    });
    return {
      sessionTokens: [
        user.tokens.access.token,
        user.tokens.refresh.token,
        signedIn.tokens.access.token,
        signedIn.tokens.refresh.token,
        refreshed.json().tokens.refresh.token as string,
      ],
      linkTokens: [verificationToken, resetToken],
      passwords: [user.password, 'Better456'],
    };
  }

  it('never logs session tokens or passwords; mail links only with the development tools', async () => {
    const log = memoryStream();
    testApp = await buildTestApp({}, { logStream: log });
    const secrets = await flows(testApp.app);
    const text = log.text();
    for (const secret of [...secrets.sessionTokens, ...secrets.passwords])
      expect(text).not.toContain(secret);
    // Without SMTP_URL, a developer's server logs the links so that one can sign up without a mail
    // server.
    expect(text).toContain(secrets.linkTokens[0]);
    expect(text).toContain('verify-email?token=***');
  });

  it.each([undefined, 'development', 'production'])(
    'logs no token at all as npm start does (NODE_ENV %s)',
    async (nodeEnv) => {
      const log = memoryStream();
      testApp = await buildTestApp(
        { LIVENT_DEV_TOOLS: undefined, NODE_ENV: nodeEnv },
        { logStream: log },
      );
      const secrets = await flows(testApp.app);
      const text = log.text();
      for (const secret of [
        ...secrets.sessionTokens,
        ...secrets.linkTokens,
        ...secrets.passwords,
      ]) {
        expect(text).not.toContain(secret);
      }
      expect(text).toContain('mail queued; SMTP_URL is not set');
    },
  );
});
