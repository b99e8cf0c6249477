import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestCookie } from './cookies.js';

async function buildApp() {
  const app = Fastify();
  await app.register(fastifyCookie, { hook: false });
  app.get('/untouched', async (request) => ({ parsed: request.cookies !== null }));
  app.get('/read', async (request, reply) => {
    const before = requestCookie(request, 'a');
    reply.setCookie('c', 'new');
    return { before, again: requestCookie(request, 'a'), b: requestCookie(request, 'b') ?? null };
  });
  return app;
}

describe('requestCookie', () => {
  it('parses the Cookie header on first use only, and setCookie still works', async () => {
    const app = await buildApp();
    try {
      const untouched = await app.inject({ url: '/untouched', headers: { cookie: 'a=1' } });
      expect(untouched.json()).toEqual({ parsed: false });

      const read = await app.inject({ url: '/read', headers: { cookie: 'a=1; x=%20y' } });
      expect(read.json()).toEqual({ before: '1', again: '1', b: null });
      expect(read.cookies).toEqual([expect.objectContaining({ name: 'c', value: 'new' })]);

      const none = await app.inject({ url: '/read' });
      expect(none.json()).toEqual({ b: null });
    } finally {
      await app.close();
    }
  });
});
