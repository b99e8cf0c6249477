import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { isPublicRoute } from './events-origin.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Where the route answers besides the dashboard's host (docs/decisions/043-hosts.md):
     * `any`: on every host (health, Caddy's `ask`); `served`: also on the events origin and the
     * active custom domains (uploaded images). Unset: on the dashboard's host only. Routes with
     * the public host constraint (lib/events-origin.ts) count as `served`.
     */
    hosts?: 'any' | 'served';
    /** Set on the routes with the public host constraint: the router has checked the host. */
    publicHostConstraint?: true;
  }
}

/**
 * A `Host` header as an origin's host: lower case, without the port when it is the scheme's
 * default (`example.com:443` on https is `example.com`). Undefined when it is no bare host.
 */
export function normalizedHost(host: string | undefined, protocol: string): string | undefined {
  if (!host || /[\s/\\?#@]/.test(host)) return undefined;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return undefined;
  }
}

/** Whether a request's `Host` is the dashboard's, `PUBLIC_URL`'s host. */
export function dashboardHostMatcher(publicUrl: string): (host: string | undefined) => boolean {
  const { host: dashboardHost, protocol } = new URL(publicUrl);
  return (host) => host === dashboardHost || normalizedHost(host, protocol) === dashboardHost;
}

export interface HostRoutingOptions {
  isDashboardHost: (host: string | undefined) => boolean;
  /** The events origin's host or an active custom domain (lib/events-origin.ts). */
  isEventsHost: (host: string | undefined) => boolean;
  /** The events 404 page: what every other host and route gets. */
  notFound: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

/**
 * What answers on which host (docs/decisions/043-hosts.md). The dashboard, its files, `/api` and
 * with it every route that sets a session cookie answer on the dashboard's host only; the events
 * origin and the active custom domains get the public routes (and uploaded images); health and
 * Caddy's `ask` answer everywhere. Anything else, on any host but the dashboard's, is the events
 * 404 page, before authentication, rate limits or any handler that could set a cookie run.
 *
 * The host is the `Host` header, as the public routes' constraint and the cached page read it
 * (ADR 030, ADR 035): the reverse proxy passes it on; `X-Forwarded-Host` is never read, so a
 * client cannot choose a host through it, trusted proxy or not.
 *
 * Registered before every route (the public routes are told apart as they are registered) and
 * after the security headers' hook, so that the 404 page carries them as the not-found page did.
 */
export function registerHostRouting(app: FastifyInstance, options: HostRoutingOptions): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (isPublicRoute(route)) {
      route.config = { ...route.config, hosts: 'served', publicHostConstraint: true };
    }
  });
  // A callback hook, not an async one: it runs on every request, the statistics' beacons
  // included, where a promise per request is a measurable share (bench/stats.bench.ts).
  app.addHook('onRequest', (request, reply, done) => {
    // The router matched a public route only because its constraint found an events host.
    const { hosts, publicHostConstraint } = request.routeOptions.config;
    if (publicHostConstraint) return done();
    const { host } = request.headers;
    if (
      options.isDashboardHost(host) ||
      hosts === 'any' ||
      (hosts === 'served' && options.isEventsHost(host))
    ) {
      return done();
    }
    // Answered here: Fastify skips the rest of the request's hooks and its handler.
    options.notFound(request, reply);
  });
}
