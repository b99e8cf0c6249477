import { accessLoginsPageSchema, accessLoginsQuerySchema } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/language.js';
import { bearerAuth, errorResponses } from '../../lib/openapi.js';
import { requireAuth } from '../auth/index.js';
import { eventParamsSchema } from '../../lib/route-params.js';
import { csvResponseSchema, sendCsv } from '../../lib/csv.js';
import { LOGINS_EXPORT_MAX } from './logins.service.js';

const tags = ['logins'];
const exportQuerySchema = accessLoginsQuerySchema.pick({ way: true, q: true });

/** Who came into a protected event and how (ADR 026); needs CUSTOM_ACCESS. */
export const loginsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { logins } = app.services;
  const secured = { preHandler: app.authenticate };

  app.get(
    '/events/:id/logins',
    {
      ...secured,
      schema: {
        operationId: 'listLogins',
        tags,
        summary: "One page of the event's login list, newest first",
        description:
          'Each access granted to a viewer: when, the way (code, registration, invitation, cip) and who (empty for a code: its viewers are anonymous). Filtered by `way`, searched in who (`q`). Needs the plan feature CUSTOM_ACCESS (403 otherwise).',
        security: bearerAuth,
        params: eventParamsSchema,
        querystring: accessLoginsQuerySchema,
        response: { 200: accessLoginsPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => logins.list(requireAuth(request), request.params.id, request.query),
  );

  app.get(
    '/events/:id/logins/export',
    {
      ...secured,
      schema: {
        operationId: 'exportLogins',
        tags,
        summary: 'The login list as CSV',
        description: `Filtered like the list (\`way\`, \`q\`), newest first (at most ${String(LOGINS_EXPORT_MAX)} rows), in the user's CSV delimiter, headers in the dashboard's language; cells a spreadsheet would read as a formula start with \`'\`. Needs CUSTOM_ACCESS (403 otherwise).`,
        security: bearerAuth,
        params: eventParamsSchema,
        querystring: exportQuerySchema,
        response: {
          200: csvResponseSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const csv = await logins.export(
        requireAuth(request),
        request.params.id,
        request.query,
        requestLanguage(request),
      );
      return sendCsv(reply, csv);
    },
  );
};
