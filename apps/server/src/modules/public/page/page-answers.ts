import type { FastifyReply, FastifyRequest } from 'fastify';
import { EVENTS_BASE_HEADERS, eventsPageCsp } from '../../../lib/events-origin.js';
import { atGate } from '../page-access.js';
import { type EventPageService, PAGE_CACHE_CONTROL, type RenderedPage } from './page.service.js';

/** Per viewer: never kept by a browser or CDN. */
export const NO_STORE = 'no-store';
/** A page with what is behind a gate: for this viewer's browser only, never a shared cache. */
export const GRANTED_CACHE_CONTROL = 'private, no-store';
/**
 * The gate: no shared cache either (ADR 044), so that a CDN never answers for a protected event
 * (nor keeps serving the gate once access was granted); the browser revalidates it by its ETag.
 */
export const GATE_CACHE_CONTROL = 'private, no-cache';

/**
 * The headers of every HTML page of the events origin, instead of the dashboard's
 * (lib/security-headers.ts); HSTS the security hook adds to every answer over https.
 */
export function pageHeaders(eventsUrl: string): Record<string, string> {
  return {
    'content-security-policy': eventsPageCsp(eventsUrl),
    'cache-control': PAGE_CACHE_CONTROL,
    'content-type': 'text/html; charset=utf-8',
    ...EVENTS_BASE_HEADERS,
    'cross-origin-opener-policy': 'same-origin',
  };
}

/**
 * The headers of a page's answer: `base` ({@link pageHeaders}) with the caching ones by what the
 * page shows (ADR 026, ADR 044). Only an open page may be kept by shared caches; the gate only by
 * this viewer's browser, revalidated, the page behind a gate not even there; anything about a
 * protected event varies by Cookie. The route and the fast path (ADR 035) both use it.
 */
export function pageAnswerHeaders(
  base: Record<string, string>,
  page: RenderedPage,
): Record<string, string> {
  const headers: Record<string, string> = { ...base };
  const vary = [page.access === 'open' ? '' : 'Cookie', page.negotiated ? 'Accept-Language' : '']
    .filter(Boolean)
    .join(', ');
  if (vary) headers.vary = vary;
  if (page.access === 'granted') headers['cache-control'] = GRANTED_CACHE_CONTROL;
  else headers.etag = page.etag;
  if (atGate(page.access)) headers['cache-control'] = GATE_CACHE_CONTROL;
  return headers;
}

/**
 * The server's time for a page whose state changes by itself (`Server-Timing`, which the page
 * script reads from its navigation entry): it wakes by the server's clock, not the viewer's
 * (docs/decisions/063-event-times-and-page-states.md). Per answer, as a cached page is older.
 */
export function serverTimeHeader(page: RenderedPage, now: Date): Record<string, string> {
  return page.nextChange === null ? {} : { 'server-timing': `now;desc="${String(now.getTime())}"` };
}

/** Answers the events origin's styled 404 page in the viewer's language. */
export function eventsNotFoundHandler(pages: EventPageService) {
  let csp: string | undefined;
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply =>
    reply
      .code(404)
      .headers(EVENTS_BASE_HEADERS)
      .header('content-security-policy', (csp ??= eventsPageCsp(request.server.config.eventsUrl)))
      .header('cache-control', PAGE_CACHE_CONTROL)
      .header('vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
      .send(pages.notFoundPage(request.headers['accept-language']));
}
