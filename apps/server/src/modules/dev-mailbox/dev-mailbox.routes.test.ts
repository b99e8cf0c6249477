import { afterEach, describe, expect, it } from 'vitest';
import { register } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

describe('dev mailbox', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  it('lists the outbox as JSON, newest first, with the links of each mail', async () => {
    const clock = testClock();
    testApp = await buildTestApp({}, { now: clock.now });
    const { app } = testApp;
    const first = await register(app);
    clock.advance(1000);
    const second = await register(app);

    const response = await app.inject({ method: 'GET', url: '/api/dev/mails' });
    expect(response.statusCode).toBe(200);
    const mails = response.json();
    expect(mails.map((mail: { to: string }) => mail.to)).toEqual([second.email, first.email]);
    expect(mails[0]).toMatchObject({
      status: 'queued',
      template: 'verify-email',
      language: 'en',
      attempts: 0,
    });
    expect(mails[0].links).toEqual([
      expect.stringMatching(/^http:\/\/localhost:3000\/verify-email\?token=[\w-]+$/),
    ]);

    const filtered = await app.inject({
      method: 'GET',
      url: `/api/dev/mails?to=${encodeURIComponent(first.email)}`,
    });
    expect(filtered.json().map((mail: { to: string }) => mail.to)).toEqual([first.email]);
  });

  it('shows the outbox as an HTML page with escaped content and clickable links', async () => {
    testApp = await buildTestApp();
    const { app } = testApp;
    await register(app, { name: '<img src=x onerror=alert(1)>' });

    const response = await app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain('Confirm your email address for Livent');
    expect(response.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(response.body).not.toContain('<img');
    expect(response.body).toMatch(
      /<a href="http:\/\/localhost:3000\/verify-email\?token=[\w-]+"[ >]/,
    );
  });

  // `npm start` never turns the development tools on, whatever NODE_ENV says or omits (ADR 019).
  it.each([undefined, 'development', 'production'])(
    'does not exist as npm start runs it (NODE_ENV %s)',
    async (nodeEnv) => {
      testApp = await buildTestApp({ LIVENT_DEV_TOOLS: undefined, NODE_ENV: nodeEnv });
      const { app } = testApp;
      await register(app);
      const json = await app.inject({ method: 'GET', url: '/api/dev/mails' });
      expect(json.statusCode).toBe(404);
      expect(json.json()).toEqual({ code: 404, message: 'Not found' });
      const page = await app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.statusCode).toBe(404);
      const documented = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(documented.paths['/api/dev/mails']).toBeUndefined();
    },
  );
});
