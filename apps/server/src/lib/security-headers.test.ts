import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { helmetHeaders, HSTS_HEADER_VALUE } from './security-headers.js';

function directives(csp: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(csp)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  it.each([
    ['an API answer', '/api/health', 'application/json'],
    ['a 404', '/api/nope', 'application/json'],
    ['a dashboard navigation', '/events/1/general', 'text/html'],
  ])('sets the dashboard policy on %s', async (_label, url, accept) => {
    testApp = await buildTestApp({ EVENTS_URL: 'https://events.example.com' });
    const response = await testApp.app.inject({ method: 'GET', url, headers: { accept } });

    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('frame-src')).toBe('https://events.example.com');
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('form-action')).toBe("'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('sends no HSTS over plain http', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['true', true],
    ['127.0.0.1', true],
    ['loopback', true],
    ['1', true],
    ['10.1.2.3', false],
    ['false', false],
  ])(
    'sends HSTS for X-Forwarded-Proto: https only from a trusted proxy (TRUST_PROXY=%s)',
    async (trustProxy, expected) => {
      // app.inject connects from 127.0.0.1.
      testApp = await buildTestApp({ TRUST_PROXY: trustProxy });
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toBe(
        expected ? HSTS_HEADER_VALUE : undefined,
      );
    },
  );

  it('lets the API docs page run its own scripts and styles, and nothing else', async () => {
    testApp = await buildTestApp();
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    // Every script the page loads is a file of the same origin, which the policy allows.
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(page.body).not.toMatch(/<script(?![^>]*src=)[^>]*>\s*\S/);
    for (const src of scripts) {
      const script = await testApp.app.inject({
        method: 'GET',
        url: new URL(src ?? '', 'http://x/api/docs/').pathname,
      });
      expect(script.statusCode, src).toBe(200);
    }
  });

  it('lets a route opt out for headers of its own, keeping HSTS', async () => {
    testApp = await buildTestApp(
      { TRUST_PROXY: 'loopback' },
      {
        apiPlugins: [
          async (api) => {
            api.get('/own-headers', { config: { securityHeaders: false } }, async (_r, reply) =>
              reply.header('content-security-policy', "default-src 'none'").send('own'),
            );
          },
        ],
      },
    );
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/own-headers',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'");
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBe(HSTS_HEADER_VALUE);
  });
});

describe('helmetHeaders', () => {
  it("computes helmet's headers once, defaults included", () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'self'"] } },
      strictTransportSecurity: false,
    });
    expect(headers).toMatchObject({
      'content-security-policy': "default-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
    });
    expect(headers).not.toHaveProperty('strict-transport-security');
  });

  it('refuses an invalid policy at start-up instead of on every request', () => {
    expect(() =>
      helmetHeaders({
        contentSecurityPolicy: { directives: { 'default-src': ["'self'; script-src *"] } },
      }),
    ).toThrow();
  });
});
