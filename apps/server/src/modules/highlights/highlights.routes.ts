import {
  HIGHLIGHTS_MAX,
  highlightCreateSchema,
  highlightOrderSchema,
  highlightPatchSchema,
  highlightSchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses, noContent } from '../../lib/openapi.js';
import { requireAuth } from '../auth/index.js';
import { eventParamsSchema } from '../../lib/route-params.js';

const tags = ['highlights'];
const highlightParamsSchema = eventParamsSchema.extend({
  highlightId: z.string().min(1).max(64),
});

/** An event's highlights (docs/product-spec.md section 2, /events/{eventid}/highlights; ADR 016). */
export const highlightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { highlights } = app.services;
  const secured = { preHandler: app.authenticate };

  app.get(
    '/events/:id/highlights',
    {
      ...secured,
      schema: {
        operationId: 'listHighlights',
        tags,
        summary: "The event's highlights in their order",
        security: bearerAuth,
        params: eventParamsSchema,
        response: { 200: z.array(highlightSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => highlights.list(requireAuth(request), request.params.id),
  );

  app.post(
    '/events/:id/highlights',
    {
      ...secured,
      schema: {
        operationId: 'createHighlight',
        tags,
        summary: 'Add a highlight at the end',
        description: `At most ${HIGHLIGHTS_MAX} per event (400 with \`errors.highlights\`).`,
        security: bearerAuth,
        params: eventParamsSchema,
        body: highlightCreateSchema,
        response: { 201: highlightSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const highlight = await highlights.create(
        requireAuth(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(highlight);
    },
  );

  app.put(
    '/events/:id/highlights/order',
    {
      ...secured,
      schema: {
        operationId: 'reorderHighlights',
        tags,
        summary: 'Reorder: every highlight id of the event, each once, in the new order',
        security: bearerAuth,
        params: eventParamsSchema,
        body: highlightOrderSchema,
        response: { 200: z.array(highlightSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      highlights.reorder(requireAuth(request), request.params.id, request.body.ids),
  );

  app.patch(
    '/events/:id/highlights/:highlightId',
    {
      ...secured,
      schema: {
        operationId: 'updateHighlight',
        tags,
        summary: 'Change a highlight: only the fields given',
        security: bearerAuth,
        params: highlightParamsSchema,
        body: highlightPatchSchema,
        response: { 200: highlightSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      highlights.update(
        requireAuth(request),
        request.params.id,
        request.params.highlightId,
        request.body,
      ),
  );

  app.delete(
    '/events/:id/highlights/:highlightId',
    {
      ...secured,
      schema: {
        operationId: 'deleteHighlight',
        tags,
        summary: 'Delete a highlight',
        security: bearerAuth,
        params: highlightParamsSchema,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await highlights.remove(requireAuth(request), request.params.id, request.params.highlightId);
      return reply.code(204).send();
    },
  );
};
