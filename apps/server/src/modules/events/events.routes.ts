import {
  eventCreateSchema,
  eventListItemSchema,
  eventSettingsPatchSchema,
  eventSettingsResponseSchema,
  eventSummarySchema,
  iframeSource,
} from '@livent/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses, noContent } from '../../lib/openapi.js';
import { eventParamsSchema } from '../../lib/route-params.js';
import { auditActor } from '../audit/index.js';
import { requireAuth } from '../auth/index.js';

const tags = ['events'];
/** What Fastify sends for serialized JSON, so that a body serialized ahead goes out the same. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** The link fields that take a frame's address, where pasted embed code is reduced to it. */
const FRAME_LINK_FIELDS = ['playerLink', 'sideFrameLink', 'extraFrameLink'] as const;

/**
 * "Pasted player embed code containing an iframe is reduced to its source link" (spec
 * section 5), and so for the side and extra frames: before validation, so that
 * `<iframe src="https://…">` is checked and saved as the URL it holds.
 */
async function reduceEmbedCode(request: FastifyRequest): Promise<void> {
  const body = request.body as Partial<Record<string, unknown>> | undefined;
  if (typeof body !== 'object' || body === null) return;
  for (const field of FRAME_LINK_FIELDS) {
    const value = body[field];
    const source = typeof value === 'string' ? iframeSource(value) : undefined;
    if (source !== undefined) body[field] = source;
  }
}

/** Events and their settings (docs/product-spec.md sections 3 and 7; ADRs 015 and 016). */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { events } = app.services;
  const secured = { preHandler: app.authenticate };

  app.get(
    '/events',
    {
      ...secured,
      schema: {
        operationId: 'listEvents',
        tags,
        summary: "The caller's events, newest first",
        security: bearerAuth,
        response: { 200: z.array(eventListItemSchema), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // Serialized by the route's own serializer, once per change of the list (ADR 020).
      const body = await events.listBody(requireAuth(request), (list) =>
        String(reply.serialize(list)),
      );
      // Already serialized: the untyped reply sends it as it is.
      const untyped: FastifyReply = reply;
      return untyped.type(JSON_TYPE).send(body);
    },
  );

  app.post(
    '/events',
    {
      // Creating public pages needs a verified address (ADR 016).
      preHandler: app.requireVerified,
      schema: {
        operationId: 'createEvent',
        tags,
        summary: "Create an event within the plan's event limit",
        description:
          'Without `slug`, one is derived from the title (`-2`, `-3`, … when taken). 403 "Event limit reached" at the limit; 409 with `errors.slug` when the given slug is in use.',
        security: bearerAuth,
        body: eventCreateSchema,
        response: { 201: eventListItemSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const event = await events.create(requireAuth(request), request.body, auditActor(request));
      return reply.code(201).send(event);
    },
  );

  app.get(
    '/events/:id',
    {
      ...secured,
      schema: {
        operationId: 'getEvent',
        tags,
        summary: "The event's overview: address, state and counts",
        security: bearerAuth,
        params: eventParamsSchema,
        response: { 200: eventSummarySchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => events.summary(requireAuth(request), request.params.id),
  );

  app.delete(
    '/events/:id',
    {
      ...secured,
      schema: {
        operationId: 'deleteEvent',
        tags,
        summary: 'Delete the event with its highlights and channels',
        security: bearerAuth,
        params: eventParamsSchema,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await events.remove(requireAuth(request), request.params.id, auditActor(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/event-settings/:id',
    {
      ...secured,
      schema: {
        operationId: 'getEventSettings',
        tags,
        summary: 'Every editable setting of the event',
        security: bearerAuth,
        params: eventParamsSchema,
        response: { 200: eventSettingsResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => events.settings(requireAuth(request), request.params.id),
  );

  app.patch(
    '/event-settings/:id',
    {
      ...secured,
      preValidation: reduceEmbedCode,
      schema: {
        operationId: 'updateEventSettings',
        tags,
        summary: 'Save the changed settings; answers all settings',
        description:
          'Only the changed fields; all or nothing. 403 "Feature not available on your plan" when a field that needs a plan feature changes without it; 409 with `errors.slug` for a slug in use; 400 with `errors["channelRoutingRules.N.channelId"]` for a channel not of this event, and with `errors.accessCode` `validation.accessCodeWeak` for a new access code that is easy to guess (a stored one is kept; ADR 044). Embed code with an iframe in `playerLink`, `sideFrameLink` or `extraFrameLink` is reduced to its source.',
        security: bearerAuth,
        params: eventParamsSchema,
        body: eventSettingsPatchSchema,
        response: { 200: eventSettingsResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      events.patchSettings(
        requireAuth(request),
        request.params.id,
        request.body,
        auditActor(request),
      ),
  );

  app.post(
    '/events/:id/remote-reload',
    {
      ...secured,
      schema: {
        operationId: 'reloadViewerPages',
        tags,
        summary: 'Ask open viewer pages to reload (within seconds, through their live stream)',
        security: bearerAuth,
        params: eventParamsSchema,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await events.remoteReload(requireAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/events/:id/cache-purge',
    {
      ...secured,
      schema: {
        operationId: 'purgeEventCache',
        tags,
        summary: 'Render the public page afresh (within 30 seconds)',
        security: bearerAuth,
        params: eventParamsSchema,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await events.purgeCache(requireAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
