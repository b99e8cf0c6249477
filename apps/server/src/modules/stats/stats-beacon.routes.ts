import { statsHeartbeatSchema, statsPageviewSchema, statsViewAnswerSchema } from '@livent/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { errorResponses, noContent, publicAccess } from '../../lib/openapi.js';
import {
  hostOf,
  PUBLIC_CONSTRAINTS,
  registerPublicHostConstraint,
} from '../../lib/events-origin.js';
import {
  BEACON_CONTENT_TYPE,
  BEACON_HEADERS,
  BEACON_MAX_BYTES,
  beaconFastPath,
} from './beacon-fast-path.js';
import { BeaconIngest } from './beacon-ingest.js';

const tags = ['public'];
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
  const collector = app.services.statsCollector;
  const ingest = new BeaconIngest({
    events: app.services.publicPages.events,
    collector,
    tokens: app.services.statsViewTokens,
  });
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

  // The same beacons on the events origin, before Fastify sees them (ADR 035); custom domains and
  // anything unusual reach the routes below.
  app.earlyResponses.responders.push(
    beaconFastPath({
      eventsHost: hostOf(app.config.eventsUrl),
      ingest,
      requestFacts: app.earlyResponses.requestFacts,
      log: app.log,
    }),
  );

  // Every answer, refusals included (they are thrown before a handler runs).
  const noStore = (_request: unknown, reply: FastifyReply, done: () => void) => {
    reply.headers(BEACON_HEADERS);
    done();
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
      onRequest: noStore,
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
      const { body, headers, ip, params } = request;
      const view = await ingest.pageview(params.slug, body, ip, headers['user-agent']);
      return view ?? reply.code(204).send();
    },
  );

  app.post(
    '/:slug/_stats/beat',
    {
      constraints,
      onRequest: noStore,
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
      await ingest.heartbeat(request.params.slug, request.body, request.headers['user-agent']);
      return reply.code(204).send();
    },
  );
};
