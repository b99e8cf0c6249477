import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, memoryStream, type TestApp } from '../test/test-app.js';
import { createLogDestination, createLoggerOptions, redactUrl } from './logger.js';

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
    const options = createLoggerOptions({ logLevel: 'info', devTools: false });
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

  it('prints JSON lines under npm start and when asked', () => {
    expect(createLoggerOptions({ logLevel: 'info', devTools: false })).not.toHaveProperty(
      'transport',
    );
    expect(
      createLoggerOptions({ logLevel: 'info', devTools: true }, { pretty: false }),
    ).not.toHaveProperty('transport');
  });
});

/** A stream whose reader never reads: every write stays queued. */
function stalledStream(): Writable {
  return new Writable({ highWaterMark: 16, write: () => undefined });
}

describe('createLogDestination', () => {
  it('drops lines instead of waiting once the unread queue reaches the limit', () => {
    const stream = stalledStream();
    const destination = createLogDestination(stream, 100);
    for (let i = 0; i < 10; i += 1) destination.write(`${'x'.repeat(39)}\n`);
    // The first write goes to the stream, the next ones queue until 100 bytes wait.
    expect(stream.writableLength).toBe(120);
    expect(destination.dropped).toBe(7);
  });

  it('reports how many lines it dropped once the reader catches up', () => {
    const written: string[] = [];
    const pending: Array<() => void> = [];
    const stream = new Writable({
      highWaterMark: 16,
      write(chunk: Buffer, _encoding, callback) {
        written.push(chunk.toString());
        pending.push(callback);
      },
    });
    // The reader takes everything queued.
    const catchUp = () => {
      while (pending.length > 0) pending.shift()?.();
    };
    const destination = createLogDestination(stream, 10);
    destination.write('first\n');
    destination.write('second\n');
    destination.write('lost\n');
    destination.write('lost too\n');
    expect(destination.dropped).toBe(2);
    catchUp();
    destination.write('after\n');
    catchUp();
    expect(written[0]).toBe('first\n');
    expect(written[1]).toBe('second\n');
    expect(JSON.parse(written[2] ?? '')).toMatchObject({ level: 40, dropped: 2 });
    expect(written[3]).toBe('after\n');
  });

  it('survives a reader that went away', () => {
    const stream = new Writable({
      write: (_chunk, _encoding, callback) => callback(new Error('EPIPE')),
    });
    const destination = createLogDestination(stream, 100);
    expect(() => destination.write('line\n')).not.toThrow();
  });

  it('flushes once the reader has taken everything', async () => {
    const pending: Array<() => void> = [];
    const stream = new Writable({
      highWaterMark: 16,
      write: (_chunk, _encoding, callback) => pending.push(callback),
    });
    const destination = createLogDestination(stream, 1000);
    for (let i = 0; i < 5; i += 1) destination.write(`line ${i}\n`);
    let flushed = false;
    const flush = destination.flush(60_000).then(() => (flushed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushed).toBe(false);
    while (pending.length > 0) pending.shift()?.();
    await flush;
    expect(stream.writableLength).toBe(0);
  });

  it('stops waiting for a stalled reader when the flush times out', async () => {
    const stream = stalledStream();
    const destination = createLogDestination(stream, 100);
    destination.write('line\n');
    await expect(destination.flush(20)).resolves.toBeUndefined();
    expect(stream.writableLength).toBe(5);
  });
});
