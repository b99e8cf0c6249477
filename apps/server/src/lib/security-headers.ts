import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

export const HSTS_HEADER_VALUE = 'max-age=31536000; includeSubDomains';

export type CspDirectives = Record<string, string[]>;

/**
 * The dashboard's Content-Security-Policy. Styles allow 'unsafe-inline' because MUI (emotion)
 * injects <style> elements at runtime; scripts never do. Event pages are framed only from the
 * events origin, in the sandboxed preview (ARCHITECTURE.md, "Public event pages").
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

export function publicPageCsp(): string {
  return serializeCsp(publicPageCspDirectives());
}

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Security headers on every response (ARCHITECTURE.md, "Security requirements"). Later modules
 * that answer with other content (the public event pages) override the policy per route with
 * helmet's route option.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    global: true,
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
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_HEADER_VALUE);
  });
}
