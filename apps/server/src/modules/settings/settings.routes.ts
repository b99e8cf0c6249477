import { settingsPatchSchema, settingsSchema } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth, errorResponses } from '../../lib/openapi.js';
import { requireAuth } from '../auth/index.js';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/settings',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'updateSettings',
        tags: ['settings'],
        summary: 'Change account settings: send only the changed fields; answers all settings',
        security: bearerAuth,
        body: settingsPatchSchema,
        response: { 200: settingsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => app.services.settings.patch(requireAuth(request), request.body),
  );
};
