import {
  statsCsvQuerySchema,
  statsQuerySchema,
  statsSchema,
  STATS_CONCURRENT_CSV_DAYS,
  STATS_LIVE_INTERVAL_MS,
  STATS_PAGEVIEWS_CSV_DAYS,
  STATS_REACTIONS_CSV_DAYS,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvResponseSchema, sendCsv } from '../../lib/csv.js';
import { requestLanguage } from '../../lib/language.js';
import { MAX_STREAMS_PER_ADDRESS } from '../../lib/live-hub/live-hub.js';
import { bearerAuth, errorResponses } from '../../lib/openapi.js';
import { requireAuth } from '../auth/index.js';
import { requireEventRole } from '../events/index.js';
import { eventParamsSchema } from '../../lib/route-params.js';
import { StatsStreams, type StatsStreamsOptions } from './stats-streams.js';

const tags = ['stats'];

export interface StatsRoutesOptions {
  streams?: StatsStreamsOptions;
}

/** An event's live statistics for its organisers (ADR 027). */
export const statsRoutes: FastifyPluginAsyncZod<StatsRoutesOptions> = async (app, options) => {
  const { stats } = app.services;
  const secured = { preHandler: app.authenticate };
  const streams = new StatsStreams(stats, { now: app.now, log: app.log }, options.streams);
  // Open streams would keep app.close() waiting: they end first, clients reconnect.
  app.addHook('preClose', async () => streams.close());

  app.get(
    '/events/:id/stats',
    {
      ...secured,
      schema: {
        operationId: 'getStats',
        tags,
        summary: "The event's pageviews and concurrent viewers over a range",
        description:
          "The range [from, to) in whole buckets (default: the 24 hours before now); minute buckets for ranges up to 6 hours within the last 30 days, hour buckets otherwise (`bucket` says which). A dense series, totals (pageviews, unique viewers per UTC day summed, peak and when, viewers now) and every page's totals; `channel` (an id, or `main`) narrows the series and totals to one page.",
        security: bearerAuth,
        params: eventParamsSchema,
        querystring: statsQuerySchema,
        response: { 200: statsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => stats.stats(requireAuth(request), request.params.id, request.query),
  );

  app.get(
    '/events/:id/stats/live',
    {
      ...secured,
      exposeHeadRoute: false,
      schema: {
        operationId: 'streamStats',
        tags,
        summary: 'Viewers now, live (Server-Sent Events)',
        description: `\`event: viewers\` with \`{ at, viewersNow, channels: [{ channelId, viewersNow }], reactions }\` (\`reactions\`: each reaction's taps of the last 60 s) at once and then every ${String(STATS_LIVE_INTERVAL_MS / 1000)} s. The stream ends when the access does (a logout, an expired access token, a deleted event): reconnect. At most 20 open streams per account and ${String(MAX_STREAMS_PER_ADDRESS)} per client address (429 beyond). Read it with \`fetch\`: EventSource cannot send the Authorization header.`,
        security: bearerAuth,
        params: eventParamsSchema,
        response: {
          200: {
            description: 'Server-Sent Events',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const event = await requireEventRole(app.db, auth, request.params.id);
      return streams.open(reply, {
        eventId: event.id,
        key: `user:${auth.user.id}`,
        address: request.ip,
        authorize: async () => {
          const current = await app.services.sessions.authenticate(auth.accessToken.token);
          if (!current) return false;
          await requireEventRole(app.db, current, event.id);
          return true;
        },
      });
    },
  );

  const csvRoute = (
    operationId: string,
    path: string,
    summary: string,
    description: string,
    make: typeof stats.pageviewsCsv,
  ) =>
    app.get(
      path,
      {
        ...secured,
        schema: {
          operationId,
          tags,
          summary,
          description: `${description} In the user's CSV delimiter with a header line in the dashboard's language that says what each column counts; every row present, zeros included. \`channel\` (an id, or \`main\`) narrows it to one page.`,
          security: bearerAuth,
          params: eventParamsSchema,
          querystring: statsCsvQuerySchema,
          response: { 200: csvResponseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const csv = await make.call(
          stats,
          requireAuth(request),
          request.params.id,
          request.query.channel,
          requestLanguage(request),
        );
        return sendCsv(reply, csv);
      },
    );

  csvRoute(
    'exportPageviews',
    '/events/:id/stats/pageviews.csv',
    'Pageviews per hour as CSV',
    `One row per hour of the last ${String(STATS_PAGEVIEWS_CSV_DAYS)} days (UTC, the current hour last): pageviews and unique viewers (first visits of the UTC day).`,
    stats.pageviewsCsv,
  );
  csvRoute(
    'exportConcurrentViewers',
    '/events/:id/stats/concurrent.csv',
    'Concurrent viewers per minute as CSV',
    `One row per minute of the last ${String(STATS_CONCURRENT_CSV_DAYS)} days (UTC, the current minute last): page views with a heartbeat in the minute, and those of them playing.`,
    stats.concurrentCsv,
  );

  app.get(
    '/events/:id/stats/reactions.csv',
    {
      ...secured,
      schema: {
        operationId: 'exportReactions',
        tags,
        summary: 'Reactions per minute as CSV',
        description: `One row per minute of the last ${String(STATS_REACTIONS_CSV_DAYS)} days (UTC, the current minute last), one column per reaction with its taps, for the whole event (reactions have no page). In the user's CSV delimiter with a header line in the dashboard's language; every row present, zeros included.`,
        security: bearerAuth,
        params: eventParamsSchema,
        querystring: z.strictObject({}),
        response: { 200: csvResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const csv = await stats.reactionsCsv(
        requireAuth(request),
        request.params.id,
        requestLanguage(request),
      );
      return sendCsv(reply, csv);
    },
  );
};
