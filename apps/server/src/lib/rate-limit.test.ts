import { ERROR_MESSAGES } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { routeRateLimit } from './rate-limit.js';

const routes: FastifyPluginAsyncZod = async (api) => {
  const pong = { schema: { response: { 200: z.object({ ip: z.string() }) } } };
  api.get('/test/ping', pong, async (request) => ({ ip: request.ip }));
  api.post(
    '/test/login',
    { ...pong, config: { rateLimit: routeRateLimit({ max: 1 }) } },
    async (request) => ({ ip: request.ip }),
  );
};

const tooManyRequests = { code: 429, message: ERROR_MESSAGES.tooManyRequests };

describe('API rate limit', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  async function build(overrides: Record<string, string> = {}) {
    testApp = await buildTestApp({ RATE_LIMIT_MAX: '3', ...overrides }, { apiPlugins: [routes] });
    return testApp.app;
  }

  it('answers the request over RATE_LIMIT_MAX with 429, Retry-After and the spec message', async () => {
    const app = await build();
    for (let i = 0; i < 3; i += 1) {
      expect((await app.inject({ method: 'GET', url: '/api/test/ping' })).statusCode).toBe(200);
    }
    const response = await app.inject({ method: 'GET', url: '/api/test/ping' });

    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual(tooManyRequests);
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts each client address on its own', async () => {
    const app = await build();
    for (let i = 0; i < 4; i += 1) await app.inject({ method: 'GET', url: '/api/test/ping' });

    const other = await app.inject({
      method: 'GET',
      url: '/api/test/ping',
      remoteAddress: '192.0.2.7',
    });
    expect(other.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY trusts the sender', async () => {
    const app = await build();
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/test/ping',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('counts per forwarded client behind a trusted proxy', async () => {
    const app = await build({ TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < 4; i += 1) {
      await app.inject({
        method: 'GET',
        url: '/api/test/ping',
        headers: { 'x-forwarded-for': '198.51.100.1' },
      });
    }
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/ping',
      headers: { 'x-forwarded-for': '198.51.100.2' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ip: '198.51.100.2' });
  });

  it('counts unknown /api paths too', async () => {
    const app = await build();
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push((await app.inject({ method: 'GET', url: `/api/unknown-${i}` })).statusCode);
    }
    expect(answers).toEqual([404, 404, 404, 429]);
  });

  it("applies a route's own stricter limit", async () => {
    const app = await build();
    expect((await app.inject({ method: 'POST', url: '/api/test/login' })).statusCode).toBe(200);
    const second = await app.inject({ method: 'POST', url: '/api/test/login' });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual(tooManyRequests);
    expect(second.headers['retry-after']).toBeDefined();
  });

  const postgres = process.env.TEST_DB === 'postgres';
  it(`counts ${postgres ? 'in the database, for every instance' : "in this process's memory"}`, async () => {
    const app = await build();
    await app.inject({ method: 'GET', url: '/api/test/ping' });
    const rows = await testApp?.database.db.selectFrom('api_rate_limits').selectAll().execute();
    expect(rows).toHaveLength(postgres ? 1 : 0);
  });

  it('does not limit the dashboard', async () => {
    const app = await build();
    for (let i = 0; i < 5; i += 1) {
      const response = await app.inject({
        method: 'GET',
        url: '/events',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).not.toBe(429);
    }
  });
});
