import { messagesIdSchema, TOKEN_AUTHORIZATION_HEADER } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_STREAMS_PER_ADDRESS } from '../../../lib/live-hub/live-hub.js';
import { bearerAuth, errorResponses, guestTokenAuth } from '../../../lib/openapi.js';
import { requireAuth } from '../../auth/index.js';
import { requireEventRole } from '../../events/index.js';
import { requireMessagesGuest } from '../guest-access.js';
import { MessageStreams, type MessageStreamsOptions } from './message-streams.js';

const tags = ['messages'];

/** A log position: what the stream sent as `id:`. */
const seqText = z.string().regex(/^\d{1,15}$/);

const streamQuerySchema = z.strictObject({
  /** For clients that cannot set the Last-Event-ID header; the header wins. */
  lastEventId: seqText.optional(),
});

const streamHeadersSchema = z.object({
  'last-event-id': seqText.optional(),
});

const streamResponse = {
  description:
    'Server-Sent Events. `event: message` with `id: <seq>` and a `MessageChange` as data (`created`, `changed` with the message, `deleted` with its id); `event: ready` once caught up (its id is the position to resume from); `event: reset` when more was missed than the log replays: reload the list. A `: ping` comment every 15 s. Reconnect with `Last-Event-ID` (or `?lastEventId=`) to get every change after it.',
  content: { 'text/event-stream': { schema: z.string() } },
};

const STREAM_DESCRIPTION = `The stream ends when the access does (a logout, an expired access token, a renewed or removed guest token, a deleted event): reconnect, and the answer says why. At most 20 open streams per account or guest token and ${String(MAX_STREAMS_PER_ADDRESS)} per client address (429 beyond). Reading it needs \`fetch\` (or a client with a \`fetch\` option): the browser’s EventSource cannot send the credentials header.`;

function lastEventIdOf(header: string | undefined, query: string | undefined): number | undefined {
  const value = header ?? query;
  return value === undefined ? undefined : Number(value);
}

export interface StreamRoutesOptions {
  streams?: MessageStreamsOptions;
}

/** Live message changes of an event (ADR 025): organisers' and guest moderators' inboxes. */
export const messageStreamRoutes: FastifyPluginAsyncZod<StreamRoutesOptions> = async (
  app,
  options,
) => {
  const streams = new MessageStreams(app.services.messageFeed, app.log, options.streams);
  // Open streams would keep app.close() waiting for ever: they end first, clients reconnect.
  app.addHook('preClose', async () => streams.close());

  app.get(
    '/events/:id/messages/stream',
    {
      preHandler: app.authenticate,
      // A HEAD would hold a stream open with nothing to read.
      exposeHeadRoute: false,
      schema: {
        operationId: 'streamMessages',
        tags,
        summary: "Live changes of the event's messages (Server-Sent Events)",
        description: `Organisers get viewer and internal messages. ${STREAM_DESCRIPTION}`,
        security: bearerAuth,
        params: z.strictObject({ id: messagesIdSchema }),
        querystring: streamQuerySchema,
        headers: streamHeadersSchema,
        response: { 200: streamResponse, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const event = await requireEventRole(app.db, auth, request.params.id);
      return streams.open(reply, {
        eventId: event.id,
        includeInternal: true,
        key: `user:${auth.user.id}`,
        address: request.ip,
        lastEventId: lastEventIdOf(request.headers['last-event-id'], request.query.lastEventId),
        // The session still active and the access token unexpired (the client reconnects with a
        // fresh one), the event still the caller's.
        authorize: async () => {
          const current = await app.services.sessions.authenticate(auth.accessToken.token);
          if (!current) return false;
          await requireEventRole(app.db, current, event.id);
          return true;
        },
      });
    },
  );

  app.get(
    '/shared/messages/:eventId/stream',
    {
      exposeHeadRoute: false,
      schema: {
        operationId: 'streamSharedMessages',
        tags,
        summary: "A guest moderator's live changes of the event's messages (Server-Sent Events)",
        description: `Header \`Token-Authorization\`: the share link's token. Viewer messages only, never internal ones. ${STREAM_DESCRIPTION}`,
        security: guestTokenAuth,
        params: z.strictObject({ eventId: messagesIdSchema }),
        querystring: streamQuerySchema,
        headers: streamHeadersSchema,
        response: { 200: streamResponse, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const header = request.headers[TOKEN_AUTHORIZATION_HEADER];
      const token = typeof header === 'string' ? header : undefined;
      const guest = await requireMessagesGuest(app.db, request.params.eventId, token);
      return streams.open(reply, {
        eventId: guest.eventId,
        includeInternal: false,
        // One token per event: the event names it.
        key: `guest:${guest.eventId}`,
        address: request.ip,
        lastEventId: lastEventIdOf(request.headers['last-event-id'], request.query.lastEventId),
        // A renewed or removed token ends the stream too.
        authorize: async () => {
          await requireMessagesGuest(app.db, guest.eventId, token);
          return true;
        },
      });
    },
  );
};
