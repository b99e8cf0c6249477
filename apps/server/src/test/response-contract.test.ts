import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseMismatches } from './response-contract.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** Answers that its schema does not describe: a body serialized ahead, and an undocumented 2xx. */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contract-probe/:answer',
    {
      schema: {
        operationId: 'contractProbe',
        security: [],
        params: z.object({ answer: z.enum(['right', 'wrong', 'undocumented']) }),
        response: { 200: z.object({ count: z.number() }) },
      },
    },
    async (request, reply) => {
      const { answer } = request.params;
      // Serialized ahead, as the events list is: the route's serializer does not see it.
      const body = JSON.stringify(answer === 'wrong' ? { count: 'three' } : { count: 3 });
      // Already serialized: the untyped reply sends it as it is.
      const untyped: FastifyReply = reply;
      return untyped
        .code(answer === 'undocumented' ? 202 : 200)
        .type('application/json; charset=utf-8')
        .send(body);
    },
  );
};

describe("the test harness's check of the answers against the OpenAPI document", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({}, { apiPlugins: [probeRoutes] });
  });
  afterAll(() => testApp.cleanup());

  const answer = (kind: string) =>
    testApp.app.inject({ method: 'GET', url: `/api/contract-probe/${kind}` });

  it('passes an answer that matches its documented schema', async () => {
    expect((await answer('right')).statusCode).toBe(200);
    expect(responseMismatches).toEqual([]);
  });

  it('records an answer that does not, and a 2xx the document does not list', async () => {
    await answer('wrong');
    await answer('undocumented');
    // Taken here, so that the harness's own check after the test passes.
    expect(responseMismatches.splice(0)).toEqual([
      'GET /api/contract-probe/wrong → 200: data/count must be number',
      'GET /api/contract-probe/undocumented → 202: the document lists no such answer',
    ]);
  });
});
