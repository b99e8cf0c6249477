import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../config.js';
import { tooManyRequests } from './errors.js';
import { sharedRateLimitStore } from './shared-rate-limit-store.js';

export const API_RATE_LIMIT_WINDOW = '1 minute';

/**
 * Limits every route registered in `api` (and its children) to RATE_LIMIT_MAX requests per
 * minute per client. The client is `request.ip`, which only TRUST_PROXY can make differ from the
 * socket address; IPv6 clients count per /64, since one host usually owns a whole /64.
 *
 * A route opts out with `config: { rateLimit: false }` or replaces the limit with
 * `config: { rateLimit: routeRateLimit({ ... }) }`. A 429 carries `Retry-After` and the body
 * `{ code: 429, message: ERROR_MESSAGES.tooManyRequests }`.
 *
 * On PostgreSQL, where several instances may share the database, the instances count together:
 * each leases chunks of a client's allowance from a counter in the database and admits from them
 * in memory (lib/shared-rate-limit-store.ts, ADR 033), so the limit holds for their sum. On
 * SQLite, one process by design, the counters live in this process's memory.
 *
 * Returns a hook that counts a request against the same limit, for requests that reach no
 * route (unknown /api paths answer 404 from the app-wide not-found handler).
 */
export async function registerApiRateLimit(
  api: FastifyInstance,
  config: Pick<Config, 'rateLimitMax'>,
): Promise<preHandlerAsyncHookHandler> {
  // Distinct clients remembered per limiter; the least recently seen are dropped beyond it.
  const cache = 10_000;
  await api.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: API_RATE_LIMIT_WINDOW,
    cache,
    ...(api.dialect === 'postgres' && {
      store: sharedRateLimitStore({ db: api.db, now: api.now, log: api.log, cache }),
    }),
    errorResponseBuilder: () => tooManyRequests(),
  });
  return api.rateLimit();
}

export interface RouteRateLimit {
  /** Requests allowed per window. */
  max: number;
  /** Milliseconds or a duration such as `'15 minutes'`; one minute by default. */
  timeWindow?: number | string;
  /** What counts as one client; the address by default. */
  keyGenerator?: RateLimitOptions['keyGenerator'];
}

/**
 * A route's own limit, e.g. for login: `config: { rateLimit: routeRateLimit({ max: 10 }) }`.
 * It replaces the API-wide limit for that route, with the same 429 answer.
 */
export function routeRateLimit(options: RouteRateLimit): RateLimitOptions {
  return { timeWindow: API_RATE_LIMIT_WINDOW, ...options };
}

/**
 * A limit per client in this instance's memory that a handler applies itself, where it chooses
 * (`await limit.call(app, request, reply)` answers 429 once it is exceeded): after answering what
 * must never be refused. No route of `app` gets it on its own. Counted per instance, never in the
 * database: a flood it is meant for must not become a flood of writes.
 */
export async function registerLocalRateLimit(
  app: FastifyInstance,
  options: RouteRateLimit,
): Promise<preHandlerAsyncHookHandler> {
  await app.register(rateLimit, { global: false, errorResponseBuilder: () => tooManyRequests() });
  return app.rateLimit(routeRateLimit(options));
}
