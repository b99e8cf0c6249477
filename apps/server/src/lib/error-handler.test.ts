import { ERROR_MESSAGES } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, memoryStream, type TestApp } from '../test/test-app.js';
import { HttpError, notFound, serviceUnavailable, validationFailed } from './errors.js';

const SECRET_DETAIL = 'connection to db-internal.example:5432 refused (password=hunter2)';

const throwawayRoutes: FastifyPluginAsyncZod = async (api) => {
  api.get('/test/crash', async () => {
    throw new Error(SECRET_DETAIL);
  });
  api.get('/test/csv', async (_request, reply) => {
    reply.type('text/csv; charset=utf-8');
    throw new Error(SECRET_DETAIL);
  });
  api.get('/test/nul', async () => {
    // What PostgreSQL answers for a NUL in a text parameter.
    throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
  });
  api.get('/test/event', async () => {
    throw notFound('Event not found');
  });
  api.get('/test/teapot', async () => {
    throw new HttpError(418, 'Short and stout');
  });
  api.get('/test/unavailable', async () => {
    throw serviceUnavailable();
  });
  api.post('/test/taken', async () => {
    throw validationFailed({ email: 'validation.emailTaken' });
  });
  api.post(
    '/test/items',
    {
      schema: {
        body: z.strictObject({
          title: z.string().min(1, 'validation.required'),
          venue: z.object({ seats: z.number().int('validation.integer') }),
        }),
        querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
        response: { 200: z.object({ title: z.string() }) },
      },
    },
    async (request) => ({ title: request.body.title }),
  );
  api.post(
    '/test/speaker',
    {
      schema: {
        body: z.object({ name: z.string().max(10), email: z.email(), bio: z.string() }),
        response: { 204: z.null() },
      },
    },
    async (_request, reply) => reply.code(204).send(null),
  );
  api.get(
    '/test/leaky',
    { schema: { response: { 200: z.object({ id: z.string() }) } } },
    // A handler whose answer breaks its own schema: a server bug, not the client's.
    async () => ({ id: 42 }) as unknown as { id: string },
  );
};

describe('error handling', () => {
  let testApp: TestApp;
  const log = memoryStream();
  beforeAll(async () => {
    testApp = await buildTestApp({}, { apiPlugins: [throwawayRoutes], logStream: log });
  });
  afterAll(async () => testApp.cleanup());

  it.each(['GET', 'POST', 'DELETE'] as const)(
    'answers unknown /api paths (%s) with a JSON 404',
    async (method) => {
      const response = await testApp.app.inject({
        method,
        url: '/api/foo',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ code: 404, message: 'Not found' });
    },
  );

  it('answers an unexpected error with a bare 500 and logs the real error with the request id', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/crash' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, message: ERROR_MESSAGES.internal });
    expect(response.body).not.toContain('hunter2');

    const entry = log
      .text()
      .split('\n')
      .filter(Boolean)
      .map(
        (line) => JSON.parse(line) as { level: number; reqId?: string; err?: { message: string } },
      )
      .find((line) => line.err?.message === SECRET_DETAIL);
    expect(entry).toMatchObject({ level: 50 });
    expect(entry?.reqId).toEqual(expect.any(String));
  });

  it('answers the error of a route that chose another type as JSON', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/csv' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ code: 500, message: ERROR_MESSAGES.internal });
  });

  it("answers a text the database refuses (PostgreSQL's NUL) as the client's 400", async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/nul' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, message: ERROR_MESSAGES.badRequest });
  });

  it('answers a response that breaks its schema with a bare 500', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/leaky' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, message: ERROR_MESSAGES.internal });
  });

  it('keeps the message of client errors', async () => {
    const event = await testApp.app.inject({ method: 'GET', url: '/api/test/event' });
    expect(event.statusCode).toBe(404);
    expect(event.json()).toEqual({ code: 404, message: 'Event not found' });

    const teapot = await testApp.app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(teapot.statusCode).toBe(418);
    expect(teapot.json()).toEqual({ code: 418, message: 'Short and stout' });
  });

  it('keeps the status and message of a deliberate HttpError 5xx', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/unavailable' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 503, message: ERROR_MESSAGES.serviceUnavailable });
  });

  it('carries field errors of an HttpError', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/test/taken' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: ERROR_MESSAGES.validationFailed,
      errors: { email: 'validation.emailTaken' },
    });
  });

  it('answers a schema violation with 400 and one message per field path', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/items',
      payload: { title: '', venue: { seats: 1.5 } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: 'Validation failed',
      errors: { title: 'validation.required', 'venue.seats': 'validation.integer' },
    });
  });

  it('rejects unknown fields of a strict schema', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/items',
      payload: { title: 'Keynote', venue: { seats: 10 }, owner: 'someone-else' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ owner: 'validation.unknownField' });
  });

  it("words schema violations as the shared validation keys, not zod's English", async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/speaker',
      payload: { name: 'A name that is far too long', email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      name: 'validation.maxLength?max=10',
      email: 'validation.email',
      bio: 'validation.required',
    });
  });

  it('keys query string violations by parameter', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/items?page=0',
      payload: { title: 'Keynote', venue: { seats: 10 } },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['page']);
  });

  it('accepts a valid request', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/items?page=2',
      payload: { title: 'Keynote', venue: { seats: 10 } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ title: 'Keynote' });
  });

  it('answers malformed JSON with a 400 that says so', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": "Keynote",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: expect.stringMatching(/not valid JSON/),
    });
  });
});
