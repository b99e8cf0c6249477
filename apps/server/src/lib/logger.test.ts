import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { login, register } from '../test/accounts.js';
import { buildTestApp, memoryStream, type TestApp } from '../test/test-app.js';
import { createLogDestination, createLoggerOptions, LOG_BATCH_BYTES, redactUrl } from './logger.js';

describe('redactUrl', () => {
  it.each([
    ['/api/auth/verify-email?token=abc.def', '/api/auth/verify-email?token=***'],
    ['/x?lang=de&token=abc&page=2', '/x?lang=de&token=***&page=2'],
    ['/x?access_token=abc#frag', '/x?access_token=***#frag'],
    ['/x?refreshToken=abc', '/x?refreshToken=***'],
    ['/api/events?page=2', '/api/events?page=2'],
    ['/token=abc', '/token=abc'],
    [
      '/launch/_access/sso/callback?code=abc&state=def',
      '/launch/_access/sso/callback?code=***&state=***',
    ],
    ['/launch/_access/r/abcDEF-123', '/launch/_access/r/***'],
    ['/launch/_access/i/abcDEF-123?x=1', '/launch/_access/i/***?x=1'],
    ['/launch/_access/register', '/launch/_access/register'],
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

  it('never writes passwords, issued tokens or cookies to the log, failed requests included', async () => {
    const log = memoryStream();
    testApp = await buildTestApp({}, { logStream: log });
    const { app } = testApp;
    const password = 'Log-Secret-4711';
    const user = await register(app, { password });
    const again = await login(app, user.email, password);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Wrong-Secret-0815' },
    });
    expect(wrong.statusCode).toBe(401);
    const broken = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', cookie: again.refreshCookie },
      payload: `{"password":"Broken-Secret-1234"`,
    });
    expect(broken.statusCode).toBe(400);
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: again.headers });

    const text = log.text();
    expect(text).toContain('request completed');
    for (const secret of [
      password,
      'Wrong-Secret-0815',
      'Broken-Secret-1234',
      user.tokens.access.token,
      again.tokens.access.token,
      // The refresh token, issued in a cookie and sent back in one.
      again.refreshCookie,
    ]) {
      expect(secret).not.toBe('');
      expect(text).not.toContain(secret);
    }
  });
});

describe('createLoggerOptions', () => {
  it('does not serialise headers, so no credential header can reach a line', () => {
    const options = createLoggerOptions({ logLevel: 'info', devTools: false });
    expect(options).toMatchObject({ level: 'info' });
    const request = {
      method: 'GET',
      url: '/api/events',
      host: 'localhost',
      ip: '127.0.0.1',
      socket: { remotePort: 4711 },
      headers: { authorization: 'Bearer secret', cookie: 'lvnt.auth.refresh=secret' },
    };
    const serializers = (options as { serializers: { req: (request: unknown) => object } })
      .serializers;
    expect(JSON.stringify(serializers.req(request))).not.toContain('secret');
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

  it('reports how many lines it dropped once the reader catches up', async () => {
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
    await destination.flush(0);
    catchUp();
    const lines = written.join('').split('\n');
    expect(lines[0]).toBe('first');
    expect(lines[1]).toBe('second');
    expect(JSON.parse(lines[2] ?? '')).toMatchObject({ level: 40, dropped: 2 });
    expect(lines.slice(3)).toEqual(['after', '']);
  });

  it('survives a reader that went away', async () => {
    const stream = new Writable({
      write: (_chunk, _encoding, callback) => callback(new Error('EPIPE')),
    });
    const destination = createLogDestination(stream, 100);
    expect(() => destination.write('line\n')).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.destroyed).toBe(true);
    expect(() => destination.write('line\n')).not.toThrow();
    expect(destination.dropped).toBe(1);
  });

  it('writes the lines of one turn of the event loop as one chunk', async () => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk.toString());
        callback();
      },
    });
    const destination = createLogDestination(stream, 1_000_000);
    destination.write('one\n');
    destination.write('two\n');
    expect(chunks).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(['one\ntwo\n']);
    // A turn that logs more than a batch hands it on without waiting for the next one.
    const long = `${'x'.repeat(LOG_BATCH_BYTES / 2)}\n`;
    destination.write(long);
    destination.write(long);
    expect(chunks).toEqual(['one\ntwo\n', long + long]);
  });

  it('hands on what waits when the process exits without another turn of the event loop', () => {
    const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { standardOutputLog } = await import(${JSON.stringify(logger)});
         standardOutputLog().write('last words\\n');
         process.exit(3);`,
      ],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(child.stderr).toBe('');
    expect(child.status).toBe(3);
    expect(child.stdout).toBe('last words\n');
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
