import { liveEntriesSchema } from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_CONSTRAINTS } from '../../../lib/events-origin.js';
import { errorResponses, publicAccess } from '../../../lib/openapi.js';
import {
  MAX_PAGE_STREAMS_PER_ADDRESS,
  pageEntriesSince,
  PageStreams,
  type PageStreamsOptions,
} from '../../live-page/index.js';
import { NO_STORE } from '../page/page-answers.js';
import { channelQuery, pageParams, tags } from '../public-schemas.js';
import { accessCookieOf } from '../page-access.js';

/** A page log position: what the stream sent as `id:`. */
const seqText = z.string().regex(/^\d{1,15}$/);

const liveQuery = channelQuery.extend({
  /** For clients that cannot send the Last-Event-ID header; the header wins. */
  after: seqText.optional(),
});

const streamHeaders = z.object({ 'last-event-id': seqText.optional() });

const streamResponse = {
  description: `Server-Sent Events. Each entry of the page log for this page: \`id: <seq>\`, \`event: <kind>\` (\`poll\`, \`poll-removed\`, \`reactions\`, \`reload\`) and its JSON as \`data\`; \`event: messages\` (no id) when the event's messages changed: read \`_messages\` again; \`event: ready\` once caught up (its id is where the page stands); \`event: reset\` when the page missed more than the log keeps: read the page's state again. A \`: ping\` comment every 15 s. Reconnect with \`Last-Event-ID\` (or \`?after=\`) to get every entry after it.`,
  content: { 'text/event-stream': { schema: z.string() } },
};

export interface LiveRoutesOptions {
  streams?: PageStreamsOptions;
}

/** The viewer page's one live stream and its polling fallback (ADR 057). */
export const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (app, options) => {
  const { pageFeed, messageFeed } = app.services;
  const viewerApi = app.services.publicPages.viewerApi;
  const streams = new PageStreams(pageFeed, messageFeed, app.log, options.streams);
  // Open streams would keep app.close() waiting for ever: they end first, pages reconnect.
  app.addHook('preClose', async () => streams.close());
  const constraints = PUBLIC_CONSTRAINTS;

  app.get(
    '/:slug/_live',
    {
      constraints,
      // A HEAD would hold a stream open with nothing to read.
      exposeHeadRoute: false,
      schema: {
        operationId: 'streamPage',
        security: publicAccess,
        tags,
        summary: "The open page's live stream (Server-Sent Events)",
        description: `Polls, reactions, message changes and remote reloads as they happen. Behind the event's gate like the page (403 at the gate; protected events need the viewer's access cookie); the stream ends when the access does (a changed access, a deleted event): reconnect, and the answer says why. At most ${String(MAX_PAGE_STREAMS_PER_ADDRESS)} open streams per client address (429 beyond). Where a proxy blocks streams, poll \`_live/since\`.`,
        params: pageParams,
        querystring: liveQuery,
        headers: streamHeaders,
        response: { 200: streamResponse, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const accessCookie = accessCookieOf(request);
      const page = await viewerApi.livePage(
        request.params.slug,
        request.query.channel,
        accessCookie,
      );
      const from = request.headers['last-event-id'] ?? request.query.after;
      return streams.open(reply, {
        eventId: page.eventId,
        channelId: page.channelId,
        address: request.ip,
        lastEventId: from === undefined ? undefined : Number(from),
        authorize: page.stillAllowed,
      });
    },
  );

  app.get(
    '/:slug/_live/since',
    {
      constraints,
      schema: {
        operationId: 'listPageEntries',
        security: publicAccess,
        tags,
        summary: "The live stream's polling fallback",
        description:
          "The page log's entries for this page after `after` (at most 100; ask again after `last`), for pages behind a proxy that blocks streams. Without `after`, no entries and the current position. One `reset` entry when the page missed more than the log keeps. Behind the event's gate like the page (403 at the gate). `no-store`.",
        params: pageParams,
        querystring: liveQuery,
        response: { 200: liveEntriesSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      const page = await viewerApi.livePage(
        request.params.slug,
        request.query.channel,
        accessCookieOf(request),
      );
      const after = request.query.after;
      return pageEntriesSince(
        pageFeed,
        page.eventId,
        page.channelId,
        after === undefined ? undefined : Number(after),
      );
    },
  );
};
