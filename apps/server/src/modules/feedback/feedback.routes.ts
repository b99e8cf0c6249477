import { feedbackSchema } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses, noContent } from '../../lib/openapi.js';
import { requireAuth } from '../auth/index.js';

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/feedback',
    {
      // Mail to support costs something and reaches people: verified accounts only.
      preHandler: app.requireVerified,
      schema: {
        operationId: 'sendFeedback',
        tags: ['feedback'],
        summary: 'Send feedback to support',
        security: bearerAuth,
        body: feedbackSchema,
        response: { 204: noContent, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      await app.services.feedback.send(requireAuth(request), request.body);
      return reply.code(204).send();
    },
  );
};
