import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENTS_BASE_HEADERS, hostOf, PUBLIC_CONSTRAINTS } from '../../../lib/events-origin.js';
import { noContent, publicAccess } from '../../../lib/openapi.js';
import { PRIVATE_PAGE_HEADERS } from '../../channels/index.js';
import { accessCookieOf } from '../page-access.js';
import { HTML, pageParams, slugParam, tags } from '../public-schemas.js';
import { ACCESS_COOKIE } from '../viewer-access.js';
import {
  eventsNotFoundHandler,
  GRANTED_CACHE_CONTROL,
  pageAnswerHeaders,
  pageHeaders,
  serverTimeHeader,
} from './page-answers.js';
import { pageFastPath } from './page-fast-path.js';
import { PAGE_CACHE_CONTROL, type RenderedPage } from './page.service.js';
import { ASSET_PREFIX } from './public-assets.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const channelParams = z.object({ slug: slugParam, channelSlug: slugParam });

/**
 * The page room (ADR 036): an event's page and its channels' pages, rendered and cached
 * (ADR 017), answered from memory before Fastify when fresh (ADR 035); the page's own files and
 * the events origin's root.
 */
export const eventPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = app.services.publicPages.page;
  const events = app.services.publicPages.events;
  const router = app.services.channelRouter;
  const assets = pages.assets;
  const constraints = PUBLIC_CONSTRAINTS;
  const eventsHost = hostOf(app.config.eventsUrl);
  const domains = app.services.domains.table;
  const sendNotFound = eventsNotFoundHandler(pages);
  if (!assets.viewerBuilt) {
    app.log.warn('The viewer script is not built (apps/viewer/dist): run `npm run build`.');
  }

  const baseHeaders = pageHeaders(app.config.eventsUrl);
  const headersOf = (page: RenderedPage) => pageAnswerHeaders(baseHeaders, page);
  const now = app.now;
  const sendRendered = (request: FastifyRequest, reply: FastifyReply, page: RenderedPage) => {
    reply.headers(headersOf(page)).headers(serverTimeHeader(page, now()));
    if (page.access !== 'granted' && request.headers['if-none-match'] === page.etag) {
      return reply.code(304).send();
    }
    return reply.send(page.body);
  };

  // The same answers for fresh pages in memory, before Fastify sees the request (ADR 035).
  app.earlyResponses.responders.push(
    pageFastPath({
      eventsHost,
      cachedPage: (slug, channelSlug, acceptLanguage, accessCookie) =>
        pages.cachedPage(slug, channelSlug, acceptLanguage, accessCookie),
      headersOf,
      now,
      accessCookieIn: (header) => app.parseCookie(header)[ACCESS_COOKIE],
      requestFacts: app.earlyResponses.requestFacts,
    }),
  );

  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    slug: string,
    channelSlug: string | null,
  ) => {
    const accessCookie = accessCookieOf(request);
    // Fast path: a fresh page in memory (never for a main page with routing rules).
    const cached = pages.cachedPage(
      slug,
      channelSlug,
      request.headers['accept-language'],
      accessCookie,
    );
    if (cached) return sendRendered(request, reply, cached);
    reply.headers(EVENTS_BASE_HEADERS);
    // Channel routing is decided before a cached page is served (ADR 018).
    const routable = channelSlug === null ? await events.routable(slug) : undefined;
    const routing = routable ? router.route(request, reply, routable) : 'shared';
    if (routing === 'redirected') return reply;
    const acceptLanguage = request.headers['accept-language'];
    const page = await pages.page(slug, channelSlug, acceptLanguage, accessCookie);
    if (!page) return sendNotFound(request, reply);
    reply.headers(headersOf(page)).headers(serverTimeHeader(page, now()));
    if (routing === 'private') reply.headers(PRIVATE_PAGE_HEADERS);
    // A page behind the gate stays out of every cache, routed or not.
    if (page.access === 'granted') reply.header('cache-control', GRANTED_CACHE_CONTROL);
    else if (request.headers['if-none-match'] === page.etag) {
      return reply.code(304).send();
    }
    return reply.send(page.body);
  };

  app.get(
    '/',
    {
      constraints,
      schema: {
        operationId: 'getEventsOriginRoot',
        security: publicAccess,
        tags,
        hide: true,
        summary:
          "The events origin itself has no page (404 page); a custom domain's redirect URL, if set",
        response: { 302: noContent, 404: HTML.notFound },
      },
    },
    async (request, reply) => {
      const domain =
        request.headers.host === eventsHost ? undefined : domains.lookup(request.headers.host);
      if (domain?.redirectUrl) {
        return reply
          .headers(EVENTS_BASE_HEADERS)
          .header('cache-control', PAGE_CACHE_CONTROL)
          .redirect(domain.redirectUrl, 302);
      }
      return sendNotFound(request, reply);
    },
  );

  app.get(
    '/:slug',
    {
      constraints,
      config: { securityHeaders: false },
      // Every viewer loads it: one line per page would be most of the log at an event and a
      // quarter of a cached page's cost (ADR 029). The proxy in front keeps the access log and
      // the statistics count the views; failures are still logged.
      logLevel: 'warn',
      schema: {
        operationId: 'getEventPage',
        security: publicAccess,
        tags,
        summary: "An event's public page (HTML), on the events origin",
        description:
          'Cached; `Cache-Control` lets browsers and CDNs keep it for a few seconds, `ETag` answers 304. Unknown slugs answer a 404 page.',
        params: pageParams,
        response: { 200: HTML.page, 304: noContent, 404: HTML.notFound },
      },
    },
    (request, reply) => sendPage(request, reply, request.params.slug, null),
  );

  app.get(
    '/:slug/:channelSlug',
    {
      constraints,
      config: { securityHeaders: false },
      // As the event's page: no log line per view (ADR 029).
      logLevel: 'warn',
      schema: {
        operationId: 'getChannelPage',
        security: publicAccess,
        tags,
        summary: "A visible channel's public page (HTML): its overrides over the event's settings",
        params: channelParams,
        response: { 200: HTML.page, 304: noContent, 404: HTML.notFound },
      },
    },
    (request, reply) => sendPage(request, reply, request.params.slug, request.params.channelSlug),
  );

  app.get(
    '/favicon.ico',
    {
      constraints,
      schema: {
        operationId: 'getFavicon',
        security: publicAccess,
        tags,
        summary: 'The default icon (pages name their own: the event logo or this one)',
        description: 'An SVG image.',
      },
    },
    async (request, reply) => {
      const icon = assets.files.get('favicon.svg');
      if (!icon) return sendNotFound(request, reply);
      return reply
        .header('cache-control', 'public, max-age=86400')
        .header('etag', icon.etag)
        .type(icon.contentType)
        .send(icon.body);
    },
  );

  app.get(
    `${ASSET_PREFIX}:file`,
    {
      constraints,
      schema: {
        operationId: 'getPageAsset',
        security: publicAccess,
        tags,
        summary: "The public page's own files (viewer script, video players)",
        description: 'The file as bytes, immutable (`ETag` answers 304); unknown files a 404 page.',
        params: z.object({ file: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const file = assets.files.get(request.params.file);
      if (!file) return sendNotFound(request, reply);
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', file.etag)
        // Public, immutable files; the sandboxed preview's opaque origin must be able to load them.
        .header('cross-origin-resource-policy', 'cross-origin')
        .type(file.contentType);
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
      return reply.send(file.body);
    },
  );
};
