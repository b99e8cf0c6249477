import type { FastifyRequest } from 'fastify';

/**
 * A cookie of the request. @fastify/cookie is registered without its parsing hook (app.ts), so
 * that API calls which read no cookie (nearly all of them) do not pay for parsing one on every
 * request (ADR 020); the header is parsed here on first use and kept on `request.cookies`, where
 * the plugin's own `setCookie` finds it.
 */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  // Null until parsed: the plugin's decoration starts out null when its hook is off.
  let cookies = request.cookies as FastifyRequest['cookies'] | null;
  if (cookies === null) {
    const header = request.headers.cookie;
    cookies = header ? request.server.parseCookie(header) : {};
    request.cookies = cookies;
  }
  return cookies[name];
}
