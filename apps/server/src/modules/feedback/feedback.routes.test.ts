import { ERROR_MESSAGES } from '@livent/shared';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { register, registerVerified, type SignedInUser } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

describe('POST /api/feedback', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  const send = (user: SignedInUser, payload: object) =>
    testApp!.app.inject({ method: 'POST', url: '/api/feedback', headers: user.headers, payload });

  it('stores the feedback and queues a mail to SUPPORT_EMAIL with the sender as Reply-To', async () => {
    testApp = await buildTestApp({ SUPPORT_EMAIL: 'help@example.test' });
    const { app } = testApp;
    const user = await registerVerified(app, { name: 'Ada <Admin>' });

    const response = await send(user, {
      email: 'Reply@Example.com',
      message: 'The <b>player</b> is great.\nThanks!',
    });
    expect(response.statusCode).toBe(204);

    const rows = await app.db.selectFrom('feedback').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: user.user.id,
        email: 'reply@example.com',
        message: 'The <b>player</b> is great.\nThanks!',
      }),
    ]);
    const mail = await app.db
      .selectFrom('mails')
      .selectAll()
      .where('template', '=', 'feedback')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      to: 'help@example.test',
      reply_to: 'reply@example.com',
      status: 'queued',
      language: 'en',
      subject: 'Feedback from Ada <Admin>',
      user_id: user.user.id,
    });
    expect(mail.text).toContain('The <b>player</b> is great.\nThanks!');
    expect(mail.html).toContain('The &lt;b&gt;player&lt;/b&gt; is great.<br/>Thanks!');
    expect(mail.html).not.toContain('<Admin>');
  });

  it(
    'keeps and mails the error an error report sends with it (ADR 054)',
    { timeout: 20_000 },
    async () => {
      testApp = await buildTestApp({ SUPPORT_EMAIL: 'help@example.test' });
      const { app } = testApp;
      const user = await registerVerified(app);
      const response = await send(user, {
        email: user.email,
        message: 'I saved the player.',
        error: {
          name: 'TypeError',
          message: "Cannot read properties of undefined (reading 'id')",
          stack: 'TypeError: Cannot read…\n    at PlayerSection (player-section.tsx:12:3)',
          path: '/events/e1/player',
          status: 500,
        },
      });
      expect(response.statusCode, response.body).toBe(204);
      const details = [
        "TypeError (HTTP 500): Cannot read properties of undefined (reading 'id')",
        'Page: /events/e1/player',
        '',
        'TypeError: Cannot read…\n    at PlayerSection (player-section.tsx:12:3)',
      ].join('\n');
      const row = await app.db.selectFrom('feedback').selectAll().executeTakeFirstOrThrow();
      expect(row.message).toBe(`I saved the player.\n\n${details}`);
      const mail = await app.db
        .selectFrom('mails')
        .selectAll()
        .where('template', '=', 'feedback')
        .executeTakeFirstOrThrow();
      expect(mail.text).toContain('Error report from the dashboard:');
      expect(mail.text).toContain('Page: /events/e1/player');
      expect(mail.text).toContain('at PlayerSection (player-section.tsx:12:3)');

      const refused = await send(user, {
        email: user.email,
        message: 'Hi',
        error: { name: 'Error', message: 'x', path: '/', token: 'secret' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ 'error.token': 'validation.unknownField' });
    },
  );

  it('needs a verified address', async () => {
    testApp = await buildTestApp();
    const user = await register(testApp.app);
    const response = await send(user, { email: user.email, message: 'Hi' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 403, message: ERROR_MESSAGES.emailNotVerified });
  });

  it('checks email and message', async () => {
    testApp = await buildTestApp();
    const user = await registerVerified(testApp.app);
    const response = await send(user, { email: 'nope', message: '   ', extra: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      email: 'validation.email',
      message: 'validation.required',
      extra: 'validation.unknownField',
    });
  });

  it('answers "Feedback could not be sent" when it cannot be stored', async () => {
    testApp = await buildTestApp();
    const user = await registerVerified(testApp.app);
    await sql`drop table feedback`.execute(testApp.app.db);
    const response = await send(user, { email: user.email, message: 'Hello' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 503, message: ERROR_MESSAGES.feedbackFailed });
    // Nothing half-done: the mail went with the failed transaction.
    expect(
      await testApp.app.db
        .selectFrom('mails')
        .select('id')
        .where('template', '=', 'feedback')
        .execute(),
    ).toEqual([]);
  });
});
