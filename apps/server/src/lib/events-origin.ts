import type { FastifyInstance } from 'fastify';
import { type CspDirectives, serializeCsp } from './security-headers.js';

/**
 * The events origin (`EVENTS_URL`, ADR 017) in one place: which requests it answers (its host
 * and the active custom domains, ADR 030), the headers every one of its answers carries and the
 * pages' Content-Security-Policy. The public pages and the statistics beacons share it.
 */

/** The host part of an origin (`events.localhost:3000`): requests for it get the public routes. */
export const hostOf = (origin: string): string => new URL(origin).host;

/** What the custom domains' table answers for a host: a served domain, or undefined. */
export interface PublicHostTable {
  lookup(host: string | undefined): unknown;
}

/** Whether a request's `Host` gets the public pages: the events origin's or an active custom domain. */
export function publicHostMatcher(
  eventsHost: string,
  domains: PublicHostTable,
): (host: string | undefined) => boolean {
  return (host) => host === eventsHost || domains.lookup(host) !== undefined;
}

type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
const PUBLIC_HOST = 'publicHost';
/** The route constraint of every public route: `{ publicHost: 'public' }`. */
export const PUBLIC_CONSTRAINTS = { [PUBLIC_HOST]: 'public' } as const;

/** Whether a route carries {@link PUBLIC_CONSTRAINTS}: it answers on the public hosts only. */
export function isPublicRoute(route: { constraints?: Record<string, unknown> }): boolean {
  return route.constraints?.[PUBLIC_HOST] === 'public';
}

/**
 * Fastify's route constraint for the public pages' hosts (ADR 030): the events origin, and the
 * active custom domains as the in-memory table knows them (never DNS or the database per
 * request). A request for any other host derives nothing, so the public routes do not match;
 * what answers there instead is lib/host-routing.ts's (ADR 043). Registered once, by whichever
 * plugin comes first.
 */
export function registerPublicHostConstraint(app: FastifyInstance): void {
  if (app.hasConstraintStrategy(PUBLIC_HOST)) return;
  const isPublic = publicHostMatcher(hostOf(app.config.eventsUrl), app.services.domains.table);
  const strategy: ConstraintStrategy = {
    name: PUBLIC_HOST,
    storage() {
      const handlers = new Map<unknown, unknown>();
      return {
        get: (value: unknown) => handlers.get(value) ?? null,
        set: (value: unknown, store: unknown) => void handlers.set(value, store),
      } as ReturnType<ConstraintStrategy['storage']>;
    },
    deriveConstraint: (request: { headers: { host?: string } }) =>
      isPublic(request.headers.host) ? 'public' : undefined,
    mustMatchWhenDerived: false,
    validate(value: unknown) {
      if (value !== 'public') throw new Error(`${PUBLIC_HOST} constraint must be 'public'`);
    },
  } as ConstraintStrategy;
  app.addConstraintStrategy(strategy);
}

/** What every answer of the events origin carries, pages, files, redirects and 404s alike. */
export const EVENTS_BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/**
 * The policy of the public event pages on the events origin (ADR 017). Organisers paste player
 * and embed code that loads scripts, styles, frames and streams from anywhere, so this policy is
 * open where that code needs it; the dashboard's strict policy is what protects accounts, and
 * the events origin holds no session. Plugins, `<base>` and framing rules stay shut or explicit.
 */
export function publicPageCspDirectives(): CspDirectives {
  return {
    'default-src': ["'self'", 'https:', 'data:', 'blob:'],
    'script-src': [
      "'self'",
      "'unsafe-inline'",
      "'unsafe-eval'",
      "'wasm-unsafe-eval'",
      'https:',
      'blob:',
    ],
    'style-src': ["'self'", "'unsafe-inline'", 'https:'],
    'img-src': ['*', 'data:', 'blob:'],
    'media-src': ['*', 'data:', 'blob:'],
    'font-src': ['*', 'data:'],
    'connect-src': ['*', 'data:', 'blob:'],
    'frame-src': ['*'],
    'worker-src': ["'self'", 'blob:'],
    // Pages may be framed anywhere (the dashboard's preview, organisers' own sites).
    'frame-ancestors': ['*'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", 'https:'],
  };
}

/**
 * The events origin's policy with the origin itself named beside 'self': in the dashboard's
 * sandboxed preview (no allow-same-origin) the page's origin is opaque, and a browser that
 * matches 'self' against it would refuse the page's own stylesheet, script and workers (ADR 021).
 */
export function eventsPageCsp(eventsUrl: string): string {
  const directives = publicPageCspDirectives();
  const origin = new URL(eventsUrl).origin;
  for (const name of ['default-src', 'script-src', 'style-src', 'worker-src']) {
    directives[name] = [...(directives[name] ?? []), origin];
  }
  return serializeCsp(directives);
}
