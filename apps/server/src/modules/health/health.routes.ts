import { healthSchema } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkHealth, checkReadiness } from './health.service.js';
import { publicAccess } from '../../lib/openapi.js';

const livenessSchema = z.object({ status: z.literal('ok') });

const readinessSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  migrations: z.enum(['ok', 'pending']),
  shuttingDown: z.boolean(),
});

// Load balancers and monitors poll these, by whatever host name reaches the server; they must
// neither count against nor be blocked by the per-client API limit (ADR 043).
const unlimited = { rateLimit: false, hosts: 'any' } as const;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: unlimited,
      schema: {
        operationId: 'getHealth',
        security: publicAccess,
        tags: ['health'],
        summary: 'Liveness and database reachability',
        description:
          'Kept for existing monitors; `/api/health/live` and `/api/health/ready` separate the two questions.',
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

  app.get(
    '/health/live',
    {
      config: unlimited,
      schema: {
        operationId: 'getLiveness',
        security: publicAccess,
        tags: ['health'],
        summary: 'Liveness: the process answers',
        description:
          'Asks nothing of the database: a restart would not bring an unreachable database back, so an orchestrator should not restart for it.',
        response: { 200: livenessSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: unlimited,
      schema: {
        operationId: 'getReadiness',
        security: publicAccess,
        tags: ['health'],
        summary: 'Readiness: whether this instance should get traffic',
        description:
          '200 when the database answers and has every migration this build knows; 503 otherwise, and from the moment a shutdown begins (SIGTERM) so that a load balancer drains the instance.',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (request, reply) => {
      const readiness = await checkReadiness({
        db: app.db,
        dialect: app.dialect,
        // main.ts sets it on SIGTERM/SIGINT and serves on for SHUTDOWN_DRAIN_SECONDS, so that a
        // load balancer takes this instance out before it stops (docs/decisions/032-operations.md).
        shuttingDown: app.lifecycle.shuttingDown,
        onDatabaseError: (error) =>
          request.log.error({ err: error }, 'readiness check: database unreachable'),
      });
      return reply.code(readiness.status === 'ok' ? 200 : 503).send(readiness);
    },
  );
};
