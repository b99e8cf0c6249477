import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, memoryStream, testConfig, type TestApp } from '../test/test-app.js';
import { createLoggerOptions } from './logger.js';
import { requestCompletedLine } from './request-log.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

function lines(text: string): LogLine[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);
}

describe('request log', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  it('writes one line per request with the request, its status and its response time', async () => {
    const log = memoryStream();
    testApp = await buildTestApp({}, { logStream: log });
    await testApp.app.inject({ method: 'GET', url: '/api/health' });
    await testApp.app.inject({ method: 'GET', url: '/api/events?page=2' });

    const requests = lines(log.text()).filter((line) => line.req !== undefined);
    expect(requests).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/health' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/events?page=2' }),
        res: { statusCode: 401 },
      }),
    ]);
    expect(lines(log.text()).some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('keeps the share link token of guest moderators out of the log, in the address and the header', async () => {
    const log = memoryStream();
    testApp = await buildTestApp({}, { logStream: log });
    const secret = 'guest-token-secret-value';
    // The dashboard's page of the share link (no build in tests: it answers 404), then its API call.
    await testApp.app.inject({
      method: 'GET',
      url: `/shared/messages/some-event?token=${secret}`,
      headers: { accept: 'text/html' },
    });
    await testApp.app.inject({
      method: 'GET',
      url: `/api/shared/messages/some-event?page=1&token=${secret}`,
      headers: { 'token-authorization': secret },
    });

    const text = log.text();
    expect(text).not.toContain(secret);
    const urls = lines(text).flatMap((line) => (line.req ? [line.req.url] : []));
    expect(urls).toEqual([
      '/shared/messages/some-event?token=***',
      '/api/shared/messages/some-event?page=1&token=***',
    ]);
  });

  it('writes nothing per request below info', async () => {
    const log = memoryStream();
    testApp = await buildTestApp({ LOG_LEVEL: 'warn' }, { logStream: log });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    // Start-up warnings (e.g. no dashboard build) may be there; no line speaks of a request.
    expect(lines(log.text()).filter((line) => line.req !== undefined || line.reqId)).toEqual([]);
  });

  it('builds the very line pino writes for the request, field by field and in its order', async () => {
    const log = memoryStream();
    const app = Fastify({
      logger: { ...createLoggerOptions(testConfig({ LOG_LEVEL: 'info' })), stream: log },
      disableRequestLogging: true,
    });
    let built: string | null = null;
    app.get('/some/:slug', async () => 'ok');
    app.addHook('onResponse', async (request, reply) => {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
      built = requestCompletedLine(reply.log, request, reply);
    });
    await app.inject({
      method: 'GET',
      url: '/some/page?token=secret&x="quoted"',
      headers: { host: 'events.test' },
    });
    await app.close();

    const fromPino = lines(log.text())[0] ?? {};
    expect(built).not.toBeNull();
    const fromUs = JSON.parse(built ?? '') as Record<string, unknown>;
    expect(Object.keys(fromUs)).toEqual(Object.keys(fromPino));
    const comparable = (line: object) => ({ ...line, time: 0, responseTime: 0 });
    expect(comparable(fromUs)).toEqual(comparable(fromPino));
    expect(fromUs.req).toMatchObject({
      url: '/some/page?token=***&x=%22quoted%22',
      host: 'events.test',
    });
  });
});
