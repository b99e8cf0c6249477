import { ERROR_MESSAGES, statsBeaconSchema, type StatsBeacon } from '@livent/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.js';
import { errorResponses, noContent, publicAccess } from '../../lib/openapi.js';
import {
  EVENTS_BASE_HEADERS,
  PUBLIC_CONSTRAINTS,
  registerPublicHostConstraint,
} from '../public/public.routes.js';
import type { Hit } from './stats-collector.js';

const tags = ['public'];
/** A beacon is a few dozen bytes; anything much larger is not one. */
const BEACON_MAX_BYTES = 1024;
const params = z.object({ slug: z.string() });

/**
 * The viewer script's beacons on the events origin (ADR 027): a pageview on load and a heartbeat
 * every 30 s while the page is visible. Sent with `navigator.sendBeacon` as text/plain JSON (no
 * preflight), never limited per address (docs/architecture.md: thousands of viewers share a
 * NAT), no cookie read or set, answered with an empty 204; the address only feeds the day's
 * salted hash and is never stored.
 */
export const statsBeaconRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = app.services.publicPage;
  const collector = app.services.statsCollector;
  registerPublicHostConstraint(app);
  const constraints = PUBLIC_CONSTRAINTS;
  app.addHook('onReady', async () => collector.start());
  // A child plugin's onClose runs before the app's own, which closes the database: the last
  // hits are written first (a clean shutdown loses nothing).
  app.addHook('onClose', async () => collector.close());

  // Only in this plugin: sendBeacon's string body is text/plain.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
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
    beacon: StatsBeacon,
    slug: string,
  ): Promise<Hit> => {
    const head = await pages.head(slug);
    if (!head) throw notFound(ERROR_MESSAGES.eventNotFound);
    let channelKey = '';
    if (beacon.c !== undefined) {
      const channel = (await pages.routable(slug))?.channels.find((c) => c.slug === beacon.c);
      if (!channel) throw notFound(ERROR_MESSAGES.notFound);
      channelKey = channel.id;
    }
    return {
      eventId: head.id,
      channelKey,
      viewId: beacon.v,
      playing: beacon.p === true,
      userAgent: request.headers['user-agent'],
    };
  };

  const schema = (operationId: string, summary: string, description: string) => ({
    operationId,
    security: publicAccess,
    tags,
    summary,
    description: `${description} Body: \`{ v, c?, p? }\` as text/plain JSON (what sendBeacon sends): the page load's random id, the channel page's slug, whether the player plays (absent where unknown). Answers 204 and sets no cookie; never limited per address. Bots and headless browsers (by user agent) are answered alike but not counted.`,
    params,
    body: statsBeaconSchema,
    response: { 204: noContent, ...errorResponses(400, 404) },
  });

  app.post(
    '/:slug/_stats/view',
    {
      constraints,
      // An empty 204: the page's policies mean nothing here; it sends the events origin's few.
      config: { securityHeaders: false },
      bodyLimit: BEACON_MAX_BYTES,
      // One line per beacon would be most of the log at an event; failures are still logged.
      logLevel: 'warn',
      schema: schema(
        'recordPageview',
        'A pageview (viewer script, on load)',
        'Counts a pageview, a first visit of the UTC day where it is one, and the page view as present.',
      ),
    },
    async (request, reply) => {
      const hit = await hitOf(request, request.body, request.params.slug);
      collector.pageview(hit, request.ip);
      reply.headers(NO_STORE_HEADERS);
      return reply.code(204).send();
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
      schema: schema(
        'recordHeartbeat',
        'A heartbeat (viewer script, every 30 s while visible)',
        'Marks the page view present in this minute (concurrent viewers, viewers now).',
      ),
    },
    async (request, reply) => {
      const hit = await hitOf(request, request.body, request.params.slug);
      collector.heartbeat(hit);
      reply.headers(NO_STORE_HEADERS);
      return reply.code(204).send();
    },
  );
};

const NO_STORE_HEADERS = { ...EVENTS_BASE_HEADERS, 'cache-control': 'no-store' };
