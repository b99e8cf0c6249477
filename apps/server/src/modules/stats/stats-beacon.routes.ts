import {
  ERROR_MESSAGES,
  statsHeartbeatSchema,
  statsPageviewSchema,
  statsViewAnswerSchema,
} from '@livent/shared';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.js';
import { errorResponses, noContent, publicAccess } from '../../lib/openapi.js';
import {
  EVENTS_BASE_HEADERS,
  PUBLIC_CONSTRAINTS,
  registerPublicHostConstraint,
} from '../../lib/events-origin.js';
import type { Hit } from './stats-collector.js';

const tags = ['public'];
/** A beacon is a few dozen bytes; anything much larger is not one. */
const BEACON_MAX_BYTES = 1024;
/** What `navigator.sendBeacon` sends a string as (no preflight); the body is JSON all the same. */
const BEACON_CONTENT_TYPE = 'text/plain';
const params = z.object({ slug: z.string() });

/**
 * The viewer script's beacons on the events origin (ADR 027): a pageview on load and a heartbeat
 * every 30 s while the page is visible, as text/plain JSON (no preflight), no cookie read or set.
 * The pageview carries the view token the server rendered into the page and answers a counted
 * page view's signed id, which the heartbeats carry (ADR 045): only page loads the server
 * rendered count, heartbeats only for counted page views. Never refused per address
 * (docs/architecture.md: thousands of viewers share a NAT), but new page views from one address
 * count up to a generous cap; the address only feeds that cap in memory and the day's salted
 * hash, and is never stored.
 */
export const statsBeaconRoutes: FastifyPluginAsyncZod = async (app) => {
  const events = app.services.publicPages.events;
  const collector = app.services.statsCollector;
  const tokens = app.services.statsViewTokens;
  registerPublicHostConstraint(app);
  const constraints = PUBLIC_CONSTRAINTS;
  app.addHook('onReady', async () => collector.start());
  // A child plugin's onClose runs before the app's own, which closes the database: the last
  // hits are written first (a clean shutdown loses nothing).
  app.addHook('onClose', async () => collector.close());

  // Only in this plugin: sendBeacon's string body is text/plain.
  app.removeContentTypeParser(BEACON_CONTENT_TYPE);
  app.addContentTypeParser(
    BEACON_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit: BEACON_MAX_BYTES },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest(), undefined);
      }
    },
  );

  const hitOf = async (
    request: FastifyRequest,
    beacon: { c?: string | undefined; p?: boolean | undefined },
    slug: string,
  ): Promise<Omit<Hit, 'viewId'>> => {
    const head = await events.head(slug);
    if (!head) throw notFound(ERROR_MESSAGES.eventNotFound);
    let channelKey = '';
    if (beacon.c !== undefined) {
      const channel = (await events.routable(slug))?.channels.find((c) => c.slug === beacon.c);
      if (!channel) throw notFound(ERROR_MESSAGES.notFound);
      channelKey = channel.id;
    }
    return {
      eventId: head.id,
      channelKey,
      playing: beacon.p === true,
      userAgent: request.headers['user-agent'],
    };
  };

  const schema = (operationId: string, summary: string, description: string) => ({
    operationId,
    security: publicAccess,
    tags,
    summary,
    description: `${description} Sent as text/plain JSON (what sendBeacon sends, no preflight); \`c\` is the channel page's slug, \`p\` whether the player plays (absent where unknown). Sets no cookie; never refused per address. A token or id that is not this page's, or has expired, answers 400. Bots and headless browsers (by user agent) are not counted.`,
    params,
    consumes: [BEACON_CONTENT_TYPE],
  });

  app.post(
    '/:slug/_stats/view',
    {
      constraints,
      // A 204 or a few bytes of JSON: the page's policies mean nothing here; it sends the events
      // origin's few.
      config: { securityHeaders: false },
      bodyLimit: BEACON_MAX_BYTES,
      // One line per beacon would be most of the log at an event; failures are still logged.
      logLevel: 'warn',
      schema: {
        ...schema(
          'sendPageview',
          'A pageview (viewer script, on load)',
          "Counts a pageview, a first visit of the UTC day where it is one, and the page view as present. `t` is the view token in the page (`data-stats`). A counted pageview answers 200 with the page view's signed id for its heartbeats; one not counted (a bot, or beyond the cap of new page views from one address) answers 204.",
        ),
        body: statsPageviewSchema,
        response: { 200: statsViewAnswerSchema, 204: noContent, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const partial = await hitOf(request, request.body, request.params.slug);
      if (!tokens.checkPageToken(request.body.t, partial.eventId, partial.channelKey)) {
        throw badRequest();
      }
      const hit = { ...partial, viewId: randomUUID() };
      reply.headers(NO_STORE_HEADERS);
      if (!collector.pageview(hit, request.ip)) return reply.code(204).send();
      return { v: tokens.signView(hit.viewId, hit.eventId, hit.channelKey) };
    },
  );

  app.post(
    '/:slug/_stats/beat',
    {
      constraints,
      // An empty 204: the page's policies mean nothing here; it sends the events origin's few.
      config: { securityHeaders: false },
      bodyLimit: BEACON_MAX_BYTES,
      // One line per beacon would be most of the log at an event; failures are still logged.
      logLevel: 'warn',
      schema: {
        ...schema(
          'sendHeartbeat',
          'A heartbeat (viewer script, every 30 s while visible)',
          'Marks the page view present in this minute (concurrent viewers, viewers now). `v` is the id its pageview answered.',
        ),
        body: statsHeartbeatSchema,
        response: { 204: noContent, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const partial = await hitOf(request, request.body, request.params.slug);
      const viewId = tokens.checkView(request.body.v, partial.eventId, partial.channelKey);
      if (viewId === undefined) throw badRequest();
      collector.heartbeat({ ...partial, viewId });
      reply.headers(NO_STORE_HEADERS);
      return reply.code(204).send();
    },
  );
};

const NO_STORE_HEADERS = { ...EVENTS_BASE_HEADERS, 'cache-control': 'no-store' };
