import {
  mailSendRequestSchema,
  mailSendResultSchema,
  registrationsPageSchema,
  registrationsQuerySchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language.js';
import { bearerAuth, errorResponses, noContent } from '../../lib/openapi.js';
import { requireAuth } from '../auth/index.js';
import { eventParamsSchema } from '../../lib/route-params.js';
import { csvResponseSchema, sendCsv } from '../../lib/csv.js';
import { REGISTRATIONS_EXPORT_MAX } from './registrations.service.js';

const tags = ['registrations'];
const registrationParamsSchema = eventParamsSchema.extend({
  registrationId: z.string().min(1).max(64),
});
const exportQuerySchema = registrationsQuerySchema.pick({ q: true });

/** Who registered for an event in the registration access mode (ADR 026). */
export const registrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { registrations } = app.services;
  const secured = { preHandler: app.authenticate };

  app.post(
    '/events/:id/registrations/send',
    {
      ...secured,
      schema: {
        operationId: 'sendRegistrationMails',
        tags,
        summary: 'Send the registration mails',
        description:
          "`unsent`: to every registration without a mail yet; `all`: to every registration; `test`: one mail to the signed-in user's own address, filled with the first registration's values and marked [Test] in the subject. The organiser's text from the settings or the default, in the event's language. Needs INVITATION_EMAILS (403); sends are limited per event, test mails per account (429).",
        security: bearerAuth,
        params: eventParamsSchema,
        body: mailSendRequestSchema,
        response: { 200: mailSendResultSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      registrations.sendMails(requireAuth(request), request.params.id, request.body.mode),
  );

  app.get(
    '/events/:id/registrations',
    {
      ...secured,
      schema: {
        operationId: 'listRegistrations',
        tags,
        summary: "One page of the event's registrations, searched and sorted",
        description:
          'Searched in name and email (`q`); sorted newest first unless `sort` says otherwise. Each with the additional fields, the personal link and the status of the last mail.',
        security: bearerAuth,
        params: eventParamsSchema,
        querystring: registrationsQuerySchema,
        response: { 200: registrationsPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => registrations.list(requireAuth(request), request.params.id, request.query),
  );

  app.get(
    '/events/:id/registrations/export',
    {
      ...secured,
      schema: {
        operationId: 'exportRegistrations',
        tags,
        summary: 'The registrations as CSV',
        description: `Searched like the list (\`q\`), oldest first (at most ${String(REGISTRATIONS_EXPORT_MAX)} rows), the additional fields as columns, in the user's CSV delimiter, headers in the dashboard's language; cells a spreadsheet would read as a formula start with \`'\`.`,
        security: bearerAuth,
        params: eventParamsSchema,
        querystring: exportQuerySchema,
        response: {
          200: csvResponseSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const csv = await registrations.export(
        requireAuth(request),
        request.params.id,
        request.query.q,
        requestLanguage(request),
      );
      return sendCsv(reply, csv);
    },
  );

  app.delete(
    '/events/:id/registrations/:registrationId',
    {
      ...secured,
      schema: {
        operationId: 'deleteRegistration',
        tags,
        summary: 'Deletes a registration and ends the access it gave',
        security: bearerAuth,
        params: registrationParamsSchema,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await registrations.delete(
        requireAuth(request),
        request.params.id,
        request.params.registrationId,
      );
      return reply.status(204).send();
    },
  );
};
