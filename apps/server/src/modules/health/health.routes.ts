import { healthSchema } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkHealth } from './health.service.js';
import { publicAccess } from '../../lib/openapi.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      // Load balancers and monitors poll this; it must neither count against nor be blocked by
      // the per-client API limit.
      config: { rateLimit: false },
      schema: {
        security: publicAccess,
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      const health = await checkHealth({
        db: app.db,
        dialect: app.dialect,
        onDatabaseError: (error) =>
          request.log.error({ err: error }, 'health check: database unreachable'),
      });
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
