import {
  inboxMessageSchema,
  messagePatchSchema,
  messagesIdSchema,
  messagesQuerySchema,
  sharedMessagesSchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { errorResponses, guestTokenAuth } from '../../lib/openapi.js';
import { guestTokenOf } from './guest-access.js';

const tags = ['messages'];
const sharedParamsSchema = z.strictObject({
  shareType: z.string().min(1).max(32),
  eventId: messagesIdSchema,
});
const sharedMessageParamsSchema = z.strictObject({
  eventId: messagesIdSchema,
  messageId: messagesIdSchema,
});

/**
 * What guest moderators reach with the event's share link (docs/product-spec.md sections 6 and
 * 7, `GET /shared/{shareType}/{eventId}` with `Token-Authorization`; ADR 025): that event's viewer
 * messages, to read, moderate and answer. No dashboard sign-in; every refusal is a 404.
 */
export const sharedMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { messages } = app.services;

  app.get(
    '/shared/:shareType/:eventId',
    {
      schema: {
        operationId: 'listSharedMessages',
        tags,
        summary: "A guest moderator's view of the event's viewer messages",
        description:
          'The only share type is `messages`; any other answers 404 "Not found". A missing, wrong or removed token answers 404 "Token not found", a renewed-away one 404 "Token expired".',
        security: guestTokenAuth,
        params: sharedParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: sharedMessagesSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      if (request.params.shareType !== 'messages') throw notFound();
      return messages.sharedList(request.params.eventId, guestTokenOf(request), request.query);
    },
  );

  app.patch(
    '/shared/messages/:eventId/:messageId',
    {
      schema: {
        operationId: 'updateSharedMessage',
        tags,
        summary: "A guest moderator's change of a viewer message: only the fields given",
        description: "Like the organisers' change; internal messages answer 404.",
        security: guestTokenAuth,
        params: sharedMessageParamsSchema,
        body: messagePatchSchema,
        response: { 200: inboxMessageSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) =>
      messages.sharedUpdate(
        request.params.eventId,
        guestTokenOf(request),
        request.params.messageId,
        request.body,
      ),
  );
};
