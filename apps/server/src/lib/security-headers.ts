import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false`: the route sends security headers of its own (the public event pages, whose
     * policy differs: lib/events-origin.ts); HSTS is still added.
     */
    securityHeaders?: false;
  }
}

export const HSTS_HEADER_VALUE = 'max-age=31536000; includeSubDomains';

export type CspDirectives = Record<string, string[]>;

/**
 * The dashboard's Content-Security-Policy. Styles allow 'unsafe-inline' because MUI (emotion)
 * injects <style> elements at runtime; scripts never do. Event pages are framed only from the
 * events origin, in the sandboxed preview (docs/architecture.md, "Public event pages").
 */
export function dashboardCspDirectives(config: Pick<Config, 'eventsUrl'>): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': [config.eventsUrl],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/**
 * The policy of the Swagger UI at /api/docs: its bundle, initializer and styles are files served
 * from 'self' (no inline script), its logo is a data: URL, "Try it out" calls the same origin.
 */
export function docsCspDirectives(): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The headers helmet sets for `options`, computed once: helmet's middleware rebuilds its policy
 * on every call, and @fastify/helmet called it per request (about 7% of a signed-in API
 * request's CPU; ADR 020). The headers do not depend on the request, so they are the same.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * Security headers on every response (docs/architecture.md, "Security requirements"), helmet's
 * defaults with the dashboard's policy. A route that answers with other content (the public
 * event pages) opts out with `config: { securityHeaders: false }` and sends its own
 * (lib/events-origin.ts).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      // Helmet's defaults add `upgrade-insecure-requests`, which breaks a plain-http install on
      // a LAN address; HTTPS installs get HSTS below instead.
      useDefaults: false,
      directives: dashboardCspDirectives(config),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Helmet would send HSTS on plain http too; browsers ignore it there, but it must reflect how
    // the request really arrived, which only the request knows.
    strictTransportSecurity: false,
  });

  // `request.protocol` honours X-Forwarded-Proto only from proxies that TRUST_PROXY trusts, so a
  // client cannot switch HSTS on for a plain-http install.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false) reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_HEADER_VALUE);
    done();
  });
}
