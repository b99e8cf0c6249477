import {
  messagesIdSchema,
  viewerPollsSchema,
  viewerVoteAnswerSchema,
  viewerVoteSchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_CONSTRAINTS } from '../../../lib/events-origin.js';
import { errorResponses, publicAccess } from '../../../lib/openapi.js';
import { NO_STORE } from '../page/page-answers.js';
import { channelQuery, pageParams, slugParam, tags } from '../public-schemas.js';
import { accessCookieOf } from '../page-access.js';
import { viewerIdOf, viewerOf } from '../viewer-cookie.js';

const pollParams = z.object({ slug: slugParam, pollId: messagesIdSchema });

/**
 * The page's polls and quizzes in the viewer API room (ADR 036, ADR 058): what the polls block
 * shows after the page opens or its stream reconnects, and the viewers' votes. Live changes
 * reach the page through its stream (`poll`, `poll-removed`; ADR 057), never by polling this.
 */
export const viewerPollsRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewerApi = app.services.publicPages.viewerApi;
  const constraints = PUBLIC_CONSTRAINTS;

  app.get(
    '/:slug/_polls',
    {
      constraints,
      schema: {
        operationId: 'listViewerPolls',
        security: publicAccess,
        tags,
        summary: "The page's live polls and closed ones with their results shown",
        description:
          "Polls of the whole event and of this page's channel (`channel`; a poll of one channel shows only on its page), in the organisers' order, with this viewer's answers in `mine` (the viewer cookie). Per viewer, so `no-store`; sets no cookie. Behind the event's gate (403).",
        params: pageParams,
        querystring: channelQuery,
        response: { 200: viewerPollsSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      reply
        .header('cache-control', NO_STORE)
        // As the message tool's list: the dashboard's sandboxed preview asks from an opaque
        // origin and gets the polls; browsers never hand a '*' answer to a request with cookies.
        .header('access-control-allow-origin', '*');
      return viewerApi.polls(
        request.params.slug,
        request.query.channel,
        viewerIdOf(request),
        accessCookieOf(request),
      );
    },
  );

  app.post(
    '/:slug/_polls/:pollId/vote',
    {
      constraints,
      schema: {
        operationId: 'voteInPoll',
        security: publicAccess,
        tags,
        summary: "A viewer's answer to a live poll, replacing their earlier one",
        description:
          "The answer for the poll's kind: `choices` (one option for single choice, one or more for multiple choice), `rating` (1–5) or `text` (shown only once approved). One answer per viewer (the viewer cookie) and poll; a second one replaces it. A poll this page (`channel`) does not show answers 404, a closed one 409, an option the poll does not have 400 `errors.choices`. Limited per viewer and event, and generously per address (429 with `Retry-After`). Answers the stored answer and the poll as the page shows it.",
        params: pollParams,
        querystring: channelQuery,
        body: viewerVoteSchema,
        response: { 200: viewerVoteAnswerSchema, ...errorResponses(400, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return viewerApi.votePoll(
        request.params.slug,
        request.query.channel,
        request.params.pollId,
        request.body,
        viewerOf(request, reply),
        accessCookieOf(request),
      );
    },
  );
};
