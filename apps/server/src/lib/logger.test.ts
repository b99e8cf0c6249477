import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, memoryStream, type TestApp } from '../test/test-app.js';
import { createLoggerOptions, redactUrl } from './logger.js';

describe('redactUrl', () => {
  it.each([
    ['/api/auth/verify-email?token=abc.def', '/api/auth/verify-email?token=***'],
    ['/x?lang=de&token=abc&page=2', '/x?lang=de&token=***&page=2'],
    ['/x?access_token=abc#frag', '/x?access_token=***#frag'],
    ['/x?refreshToken=abc', '/x?refreshToken=***'],
    ['/api/events?page=2', '/api/events?page=2'],
    ['/token=abc', '/token=abc'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('request logging', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  it('never writes tokens or credentials to the log', async () => {
    const log = memoryStream();
    testApp = await buildTestApp({}, { logStream: log });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password?token=reset-token-value&lang=de',
      headers: {
        authorization: 'Bearer access-token-value',
        cookie: 'lvnt.auth.refresh=refresh-token-value',
        'token-authorization': 'guest-token-value',
      },
    });

    const text = log.text();
    expect(text).toContain('/api/auth/reset-password?token=***&lang=de');
    for (const secret of [
      'reset-token-value',
      'access-token-value',
      'refresh-token-value',
      'guest-token-value',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('createLoggerOptions', () => {
  it('redacts credential headers should they ever be logged', () => {
    const options = createLoggerOptions({ logLevel: 'info', isProduction: true });
    expect(options).toMatchObject({
      level: 'info',
      redact: {
        paths: expect.arrayContaining([
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["token-authorization"]',
        ]),
      },
    });
  });

  it('prints JSON lines in production and when asked', () => {
    expect(createLoggerOptions({ logLevel: 'info', isProduction: true })).not.toHaveProperty(
      'transport',
    );
    expect(
      createLoggerOptions({ logLevel: 'info', isProduction: false }, { pretty: false }),
    ).not.toHaveProperty('transport');
  });
});
