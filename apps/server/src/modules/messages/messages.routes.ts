import {
  inboxMessageDetailSchema,
  inboxMessageSchema,
  internalMessageCreateSchema,
  messagePatchSchema,
  messagesIdSchema,
  messagesPageSchema,
  messagesQuerySchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/language.js';
import { bearerAuth, errorResponses, noContent } from '../../lib/openapi.js';
import { requireAuth } from '../auth/index.js';
import { csvResponseSchema, sendCsv } from '../../lib/csv.js';
import { MESSAGES_EXPORT_MAX } from './messages-csv.js';

const tags = ['messages'];
const eventParamsSchema = z.strictObject({ id: messagesIdSchema });
export const messageParamsSchema = eventParamsSchema.extend({ messageId: messagesIdSchema });

/** The organisers' inbox of an event (docs/product-spec.md section 2, /events/{id}/messages; ADR 025). */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { messages } = app.services;
  const secured = { preHandler: app.authenticate };

  app.get(
    '/events/:id/messages',
    {
      ...secured,
      schema: {
        operationId: 'listMessages',
        tags,
        summary: "One page of the event's messages, filtered and sorted",
        description: 'With the filtered total and the unread viewer messages of the whole event.',
        security: bearerAuth,
        params: eventParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagesPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => messages.list(requireAuth(request), request.params.id, request.query),
  );

  app.get(
    '/events/:id/messages/export',
    {
      ...secured,
      schema: {
        operationId: 'exportMessages',
        tags,
        summary: 'The filtered messages as CSV',
        description: `The list's filters and sort without paging (at most ${MESSAGES_EXPORT_MAX} rows), in the user's CSV delimiter, headers and values in the dashboard's language (locale cookie, else Accept-Language); cells a spreadsheet would read as a formula start with \`'\`.`,
        security: bearerAuth,
        params: eventParamsSchema,
        querystring: messagesQuerySchema,
        response: {
          200: csvResponseSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const csv = await messages.export(
        requireAuth(request),
        request.params.id,
        request.query,
        requestLanguage(request),
      );
      return sendCsv(reply, csv);
    },
  );

  app.get(
    '/events/:id/messages/:messageId',
    {
      ...secured,
      schema: {
        operationId: 'getMessage',
        tags,
        summary: 'A message with its history, oldest step first',
        security: bearerAuth,
        params: messageParamsSchema,
        response: { 200: inboxMessageDetailSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      messages.detail(requireAuth(request), request.params.id, request.params.messageId),
  );

  app.post(
    '/events/:id/messages',
    {
      ...secured,
      schema: {
        operationId: 'createInternalMessage',
        tags,
        summary: 'Write an internal message (a note among organisers)',
        security: bearerAuth,
        params: eventParamsSchema,
        body: internalMessageCreateSchema,
        response: { 201: inboxMessageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const message = await messages.createInternal(
        requireAuth(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(message);
    },
  );

  app.patch(
    '/events/:id/messages/:messageId',
    {
      ...secured,
      schema: {
        operationId: 'updateMessage',
        tags,
        summary: 'Mark read, move between states, answer, pin: only the fields given',
        description:
          'A state change the transitions do not allow answers 409. A new answer on a new or approved message moves it to answered; removing it moves it back to approved.',
        security: bearerAuth,
        params: messageParamsSchema,
        body: messagePatchSchema,
        response: { 200: inboxMessageSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) =>
      messages.update(
        requireAuth(request),
        request.params.id,
        request.params.messageId,
        request.body,
      ),
  );

  app.delete(
    '/events/:id/messages/:messageId',
    {
      ...secured,
      schema: {
        operationId: 'deleteMessage',
        tags,
        summary: 'Delete a message',
        security: bearerAuth,
        params: messageParamsSchema,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await messages.remove(requireAuth(request), request.params.id, request.params.messageId);
      return reply.code(204).send();
    },
  );
};
