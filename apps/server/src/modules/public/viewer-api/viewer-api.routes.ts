import {
  MESSAGE_STATUSES,
  messagesIdSchema,
  REACTION_BATCH_MAX,
  viewerMessageSchema,
  viewerMessagesSchema,
  viewerReactionSchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_CONSTRAINTS } from '../../../lib/events-origin.js';
import { errorResponses, noContent, publicAccess } from '../../../lib/openapi.js';
import { eventsNotFoundHandler, GRANTED_CACHE_CONTROL, NO_STORE } from '../page/page-answers.js';
import { channelQuery, HTML, pageParams, slugParam, tags } from '../public-schemas.js';
import { accessCookieOf } from '../page-access.js';
import { viewerIdOf, viewerOf } from '../viewer-cookie.js';
import { STATE_MAX_AGE_S } from './viewer-api.service.js';

const messageParams = z.object({ slug: slugParam, messageId: messagesIdSchema });
const submitted = z.object({ id: z.string(), status: z.enum(MESSAGE_STATUSES) });

/**
 * The viewer API room (ADR 036): the JSON calls of the viewer script on an open page, the remote
 * reload's state, the message tool (messages and votes, through the messages module) and the
 * reactions bar. The page's live stream is next door (live.routes.ts, ADR 057).
 */
export const viewerApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewerApi = app.services.publicPages.viewerApi;
  const sendNotFound = eventsNotFoundHandler(app.services.publicPages.page);
  const constraints = PUBLIC_CONSTRAINTS;

  app.get(
    '/:slug/_state',
    {
      constraints,
      schema: {
        operationId: 'getPageState',
        security: publicAccess,
        tags,
        summary:
          "The last remote reload and the page's version (open pages read them after their live stream said reset)",
        params: pageParams,
        description:
          'Of a protected event only for viewers with access (403 otherwise), and then private.',
        response: {
          200: z.object({ reloadAt: z.string().nullable(), version: z.number().int() }),
          ...errorResponses(403),
          404: HTML.notFound,
        },
      },
    },
    async (request, reply) => {
      const state = await viewerApi.state(request.params.slug, accessCookieOf(request));
      if (!state) return sendNotFound(request, reply);
      if (state.protected) {
        reply.header('cache-control', GRANTED_CACHE_CONTROL).header('vary', 'Cookie');
        return { reloadAt: state.reloadAt, version: state.version };
      }
      reply
        .header('cache-control', `public, max-age=${STATE_MAX_AGE_S}, s-maxage=${STATE_MAX_AGE_S}`)
        // The dashboard's sandboxed preview asks from an opaque origin; the state is public.
        .header('access-control-allow-origin', '*');
      return { reloadAt: state.reloadAt, version: state.version };
    },
  );

  app.post(
    '/:slug/_messages',
    {
      constraints,
      schema: {
        operationId: 'postViewerMessage',
        security: publicAccess,
        tags,
        summary: "A viewer's message to the organiser (the message tool)",
        description:
          'The `key` (a UUID per submit) makes a double submit or a retry store one message: a known key answers the stored message with 200, a new message answers 201. Refused (403) when the event has the message tool switched off. Limited per viewer (a cookie) and event, and generously per address; a 429 carries `Retry-After`.',
        params: pageParams,
        body: viewerMessageSchema,
        response: { 200: submitted, 201: submitted, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      const message = await viewerApi.submitMessage(
        request.params.slug,
        request.body,
        viewerOf(request, reply),
        accessCookieOf(request),
      );
      return reply
        .code(message.created ? 201 : 200)
        .send({ id: message.id, status: message.status });
    },
  );

  app.get(
    '/:slug/_messages',
    {
      constraints,
      schema: {
        operationId: 'listViewerMessages',
        security: publicAccess,
        tags,
        summary: "What the page's message tool shows this viewer",
        description:
          "The page's public questions (Q&A: approved and answered ones, pinned first, then by votes; plain messages: those with a public answer), the ids this viewer voted for and the viewer's own messages with status and answer. Per viewer (the viewer cookie), so `no-store`; sets no cookie. Open pages read it again when their live stream (`_live`) says the messages changed, and every 30 s, sending the `ETag` of their last answer as `If-None-Match`: while no message of the event changed, 304. 403 when the message tool is off.",
        params: pageParams,
        querystring: channelQuery,
        response: {
          200: viewerMessagesSchema,
          304: noContent,
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      reply
        .header('cache-control', NO_STORE)
        // The dashboard's sandboxed preview asks from an opaque origin and gets the public
        // questions. A credentialed cross-origin read (someone else's "mine") stays refused:
        // browsers never hand a '*' answer to a request that sent cookies.
        .header('access-control-allow-origin', '*');
      const { tag, messages } = await viewerApi.viewerMessages(
        request.params.slug,
        request.query.channel,
        viewerIdOf(request),
        accessCookieOf(request),
        request.headers['if-none-match'],
      );
      reply.header('etag', tag);
      if (!messages) return reply.code(304).send();
      return messages;
    },
  );

  app.post(
    '/:slug/_messages/:messageId/vote',
    {
      constraints,
      schema: {
        operationId: 'voteForQuestion',
        security: publicAccess,
        tags,
        summary: "A viewer's vote for a public question (Q&A)",
        description:
          'One vote per viewer (the viewer cookie) and question; a second vote changes nothing (204 as well). Only approved and answered questions of an event in Q&A mode (else 404). Limited per viewer and event, and generously per address.',
        params: messageParams,
        response: { 204: noContent, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      await viewerApi.vote(
        request.params.slug,
        request.params.messageId,
        viewerOf(request, reply),
        accessCookieOf(request),
      );
      return reply.code(204).send();
    },
  );

  app.post(
    '/:slug/_reactions',
    {
      constraints,
      schema: {
        operationId: 'postViewerReactions',
        security: publicAccess,
        tags,
        summary: "A viewer's taps of one reaction (the reactions bar)",
        description: `Up to ${String(REACTION_BATCH_MAX)} taps of one reaction since the page last sent; counted in memory and, about once a second per event, added to the statistics and sent to every open page as one burst (ADR 059). 404 when the event has the reactions bar switched off, 403 for a viewer without access. Limited per viewer (a cookie) and event, and generously per address; a 429 carries \`Retry-After\` and its taps are not counted.`,
        params: pageParams,
        body: viewerReactionSchema,
        response: { 204: noContent, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      await viewerApi.react(
        request.params.slug,
        request.body,
        viewerOf(request, reply),
        accessCookieOf(request),
      );
      return reply.code(204).send();
    },
  );
};
