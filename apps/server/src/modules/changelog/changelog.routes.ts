import { changelogEntrySchema, changelogFor, changelogQuerySchema } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, publicAccess } from '../../lib/openapi.js';
import { toLanguage } from '../auth/index.js';

/**
 * What's new (docs/product-spec.md section 2): public, since it only describes the product; a signed-in
 * request without `?language=` gets the user's email language.
 */
export const changelogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/changelog',
    {
      preHandler: app.authenticateOptional,
      schema: {
        operationId: 'listChangelog',
        security: publicAccess,
        tags: ['changelog'],
        summary: "What's new, newest first",
        querystring: changelogQuerySchema,
        response: { 200: z.array(changelogEntrySchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      const language =
        request.query.language ??
        (request.auth ? toLanguage(request.auth.user.email_language) : undefined);
      return changelogFor(language);
    },
  );
};
