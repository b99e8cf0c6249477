import { auditExportQuerySchema, auditPageSchema, auditQuerySchema } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvResponseSchema, sendCsv } from '../../lib/csv.js';
import { requestLanguage } from '../../lib/language.js';
import { bearerAuth, errorResponses } from '../../lib/openapi.js';
import { eventParamsSchema } from '../../lib/route-params.js';
import { requireAuth } from '../auth/index.js';

const tags = ['audit'];
const CSV_DESCRIPTION =
  "Filtered like the list (`group`, `q`), newest first, in the user's CSV delimiter, headers in the dashboard's language; columns time (ISO), actor, via, action, event, details, IP address. Cells a spreadsheet would read as a formula start with `'`.";

/** Who changed what and when (docs/decisions/069-audit-log.md): per event and per account. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auditReader } = app.services;
  const secured = { preHandler: app.authenticate };

  app.get(
    '/events/:id/audit',
    {
      ...secured,
      schema: {
        operationId: 'listEventAudit',
        tags,
        summary: "One page of the event's audit log, newest first",
        description:
          'For the owner and the accounts the event is shared with (404 for anyone else). Filtered by action `group`, searched in actor and details (`q`).',
        security: bearerAuth,
        params: eventParamsSchema,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => auditReader.eventLog(requireAuth(request), request.params.id, request.query),
  );

  app.get(
    '/events/:id/audit.csv',
    {
      ...secured,
      schema: {
        operationId: 'exportEventAudit',
        tags,
        summary: "The event's audit log as CSV",
        description: CSV_DESCRIPTION,
        security: bearerAuth,
        params: eventParamsSchema,
        querystring: auditExportQuerySchema,
        response: { 200: csvResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await auditReader.eventExport(
          requireAuth(request),
          request.params.id,
          request.query,
          requestLanguage(request),
        ),
      ),
  );

  app.get(
    '/account/audit',
    {
      ...secured,
      // The security screen, where the enterprise's two-factor requirement sends a member, shows it.
      config: { twoFactorSetup: true },
      schema: {
        operationId: 'listAccountAudit',
        tags,
        summary: "One page of the account's audit log, newest first",
        description:
          "The account's own entries, those of its events included. Filtered by action `group`, searched in actor and details (`q`).",
        security: bearerAuth,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => auditReader.accountLog(requireAuth(request), request.query),
  );

  app.get(
    '/account/audit.csv',
    {
      ...secured,
      schema: {
        operationId: 'exportAccountAudit',
        tags,
        summary: "The account's audit log as CSV",
        description: CSV_DESCRIPTION,
        security: bearerAuth,
        querystring: auditExportQuerySchema,
        response: { 200: csvResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await auditReader.accountExport(
          requireAuth(request),
          request.query,
          requestLanguage(request),
        ),
      ),
  );
};
