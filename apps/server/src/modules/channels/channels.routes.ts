import { channelCreateSchema, channelPatchSchema, channelSchema } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses, noContent } from '../../lib/openapi.js';
import { requireAuth } from '../auth/index.js';

const tags = ['channels'];
const id = () => z.string().min(1).max(64);
const eventParamsSchema = z.strictObject({ id: id() });
const channelParamsSchema = z.strictObject({ id: id(), channelId: id() });

/** An event's channels (docs/product-spec.md section 2, /events/{eventid}/channels; ADR 018). */
export const channelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { channels } = app.services;
  const secured = { preHandler: app.authenticate };

  app.get(
    '/events/:id/channels',
    {
      ...secured,
      schema: {
        operationId: 'listChannels',
        tags,
        summary: "The event's channels, oldest first",
        security: bearerAuth,
        params: eventParamsSchema,
        response: { 200: z.array(channelSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => channels.list(requireAuth(request), request.params.id),
  );

  app.post(
    '/events/:id/channels',
    {
      ...secured,
      schema: {
        operationId: 'createChannel',
        tags,
        summary: "Create a channel (visible, no overrides) within the plan's limit per event",
        description:
          '403 "EventChannel limit reached" at the limit; 409 with `errors.slug` when another channel of the event has the slug.',
        security: bearerAuth,
        params: eventParamsSchema,
        body: channelCreateSchema,
        response: { 201: channelSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const channel = await channels.create(requireAuth(request), request.params.id, request.body);
      return reply.code(201).send(channel);
    },
  );

  app.get(
    '/events/:id/channels/:channelId',
    {
      ...secured,
      schema: {
        operationId: 'getChannel',
        tags,
        summary: 'One channel with its overrides',
        security: bearerAuth,
        params: channelParamsSchema,
        response: { 200: channelSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      channels.get(requireAuth(request), request.params.id, request.params.channelId),
  );

  app.patch(
    '/events/:id/channels/:channelId',
    {
      ...secured,
      schema: {
        operationId: 'updateChannel',
        tags,
        summary: 'Change a channel: only the fields given; `overrides` replaces all overrides',
        description:
          '`highlightIds` must name highlights of the event (null: all of them); 409 with `errors.slug` for a slug in use.',
        security: bearerAuth,
        params: channelParamsSchema,
        body: channelPatchSchema,
        response: { 200: channelSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) =>
      channels.update(
        requireAuth(request),
        request.params.id,
        request.params.channelId,
        request.body,
      ),
  );

  app.delete(
    '/events/:id/channels/:channelId',
    {
      ...secured,
      schema: {
        operationId: 'deleteChannel',
        tags,
        summary: 'Delete a channel and the routing rules that point at it',
        security: bearerAuth,
        params: channelParamsSchema,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await channels.remove(requireAuth(request), request.params.id, request.params.channelId);
      return reply.code(204).send();
    },
  );
};
