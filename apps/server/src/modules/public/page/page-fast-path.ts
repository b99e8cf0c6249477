import type { IncomingMessage, ServerResponse } from 'node:http';
import { HSTS_HEADER_VALUE } from '../../../lib/security-headers.js';
import type { RawRequestFacts } from '../../../lib/trust-proxy.js';
import type { Clock } from '../../../lib/clock.js';
import { serverTimeHeader } from './page-answers.js';
import type { RenderedPage } from './page.service.js';

/** What a request may be answered from, a page and the channel's slug if any. */
const PAGE_PATH = /^\/([a-z0-9]+(?:-[a-z0-9]+)*)(?:\/([a-z0-9]+(?:-[a-z0-9]+)*))?$/;

export interface PageFastPathOptions {
  /** The events origin's `Host`; requests for any other host (custom domains) go to Fastify. */
  eventsHost: string;
  /** The page in memory and fresh, as `EventPageService.cachedPage` answers it, or undefined. */
  cachedPage: (
    slug: string,
    channelSlug: string | null,
    acceptLanguage: string | undefined,
    accessCookie: () => string | undefined,
  ) => RenderedPage | undefined;
  /** The headers of a page's answer, the same function the route uses. */
  headersOf: (page: RenderedPage) => Record<string, string>;
  /** The server's time a page with a state change ahead carries (`serverTimeHeader`). */
  now: Clock;
  /** The access cookie's value in a `Cookie` header. */
  accessCookieIn: (header: string) => string | undefined;
  /** Read as Fastify reads them, so that HSTS goes out exactly when Fastify would send it. */
  requestFacts: RawRequestFacts;
}

/**
 * The cached public page, answered before Fastify sees the request (ADR 035). At an event's start
 * thousands of viewers load the same page within a minute; served from memory, what it costs is
 * the framework's routing, hooks and reply, as much again as writing the answer (bench/,
 * public-page.bench.ts). This answers exactly what the route would (`headersOf` is the route's
 * own, a test compares the two answer by answer) for the one case that needs nothing else: a GET
 * on the events origin for a fresh page in memory, without `If-None-Match`. Anything else — a
 * miss, a 304, a HEAD, a custom domain, a page behind a gate that must look up an invitation, a
 * main page that routes to channels, a path Fastify would decode — returns false, and Fastify
 * answers as before.
 *
 * No request log line, as on the route (its `logLevel` is `warn`); HSTS when Fastify's
 * `request.protocol` would say https: `X-Forwarded-Proto` from a trusted proxy, else the socket.
 * Fastify's hooks do not run here: a hook added later for every answer must be added here too,
 * or these conditions must send the page to Fastify.
 */
export function pageFastPath(
  options: PageFastPathOptions,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  const withHsts = new WeakMap<RenderedPage, Record<string, string>>();
  const plain = new WeakMap<RenderedPage, Record<string, string>>();

  const headersFor = (page: RenderedPage, https: boolean): Record<string, string> => {
    const cache = https ? withHsts : plain;
    let headers = cache.get(page);
    if (!headers) {
      headers = {
        ...options.headersOf(page),
        ...(https ? { 'strict-transport-security': HSTS_HEADER_VALUE } : {}),
        'content-length': String(page.body.length),
      };
      cache.set(page, headers);
    }
    return headers;
  };

  return (request, response) => {
    const { headers } = request;
    if (request.method !== 'GET' || headers.host !== options.eventsHost) return false;
    if (headers['if-none-match'] !== undefined) return false;
    const url = request.url ?? '';
    const query = url.indexOf('?');
    const match = PAGE_PATH.exec(query === -1 ? url : url.slice(0, query));
    if (!match) return false;
    const cookie = headers.cookie;
    const page = options.cachedPage(match[1]!, match[2] ?? null, headers['accept-language'], () =>
      cookie ? options.accessCookieIn(cookie) : undefined,
    );
    if (!page) return false;
    for (const [name, value] of Object.entries(serverTimeHeader(page, options.now()))) {
      response.setHeader(name, value);
    }
    response.writeHead(200, headersFor(page, options.requestFacts.isHttps(request)));
    response.end(page.body);
    return true;
  };
}
