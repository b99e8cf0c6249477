import {
  invitationCreateSchema,
  invitationPatchSchema,
  invitationSchema,
  invitationsExportQuerySchema,
  invitationsPageSchema,
  invitationsQuerySchema,
  INVITATIONS_EXPORT_MAX,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language.js';
import { bearerAuth, errorResponses, noContent } from '../../lib/openapi.js';
import { requireAuth } from '../auth/authenticate.js';
import { eventParamsSchema } from '../events/events.routes.js';

const tags = ['invitations'];
const invitationParamsSchema = eventParamsSchema.extend({
  invitationId: z.string().min(1).max(64),
});

/** The organisers' invitations of an event (docs/product-spec.md section 2, access/invitationlist; ADR 026). */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invitations } = app.services;
  const secured = { preHandler: app.authenticate };

  app.get(
    '/events/:id/invitations',
    {
      ...secured,
      schema: {
        tags,
        summary: "One page of the event's invitations, searched and sorted",
        description: 'Searched in name, email and username; sorted by one column, then the id.',
        security: bearerAuth,
        params: eventParamsSchema,
        querystring: invitationsQuerySchema,
        response: { 200: invitationsPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => invitations.list(requireAuth(request), request.params.id, request.query),
  );

  app.get(
    '/events/:id/invitations/export',
    {
      ...secured,
      schema: {
        tags,
        summary: 'The searched and sorted invitations as CSV',
        description: `At most ${INVITATIONS_EXPORT_MAX} rows, in the user's CSV delimiter, headers in the dashboard's language; cells a spreadsheet would read as a formula start with \`'\`.`,
        security: bearerAuth,
        params: eventParamsSchema,
        querystring: invitationsExportQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('CSV with a header line (RFC 4180)'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const csv = await invitations.export(
        requireAuth(request),
        request.params.id,
        request.query,
        requestLanguage(request),
      );
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csv.filename}"`)
          .header('cache-control', 'no-store')
          // A stream: the 200 schema above documents it, Fastify sends streams without serialising.
          .send(csv.body as unknown as string)
      );
    },
  );

  app.post(
    '/events/:id/invitations',
    {
      ...secured,
      schema: {
        tags,
        summary: 'Add an invitation',
        description:
          'The username defaults to the email, an absent password is generated. A username or email another invitation of the event has answers 400 with the field.',
        security: bearerAuth,
        params: eventParamsSchema,
        body: invitationCreateSchema,
        response: { 201: invitationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const invitation = await invitations.create(
        requireAuth(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(invitation);
    },
  );

  app.patch(
    '/events/:id/invitations/:invitationId',
    {
      ...secured,
      schema: {
        tags,
        summary: 'Change an invitation: only the fields given',
        description:
          '`renewPersonalLink: true` makes a new personal link. A new username, password or link ends the access the invitation gave so far.',
        security: bearerAuth,
        params: invitationParamsSchema,
        body: invitationPatchSchema,
        response: { 200: invitationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      invitations.update(
        requireAuth(request),
        request.params.id,
        request.params.invitationId,
        request.body,
      ),
  );

  app.delete(
    '/events/:id/invitations/:invitationId',
    {
      ...secured,
      schema: {
        tags,
        summary: 'Delete an invitation; the access it gave ends',
        security: bearerAuth,
        params: invitationParamsSchema,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await invitations.remove(
        requireAuth(request),
        request.params.id,
        request.params.invitationId,
      );
      return reply.code(204).send();
    },
  );
};
