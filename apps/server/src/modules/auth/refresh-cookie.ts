import { AUTH_COOKIE_MAX_AGE_SECONDS, AUTH_COOKIE_PREFIX } from '@livent/shared';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestCookie } from '../../lib/cookies.js';

/** `lvnt.auth.refresh` (docs/product-spec.md section 4, "Session"). */
export const REFRESH_COOKIE = `${AUTH_COOKIE_PREFIX}refresh`;

/**
 * The attributes the spec and docs/architecture.md fix: Path=/, Max-Age=2592000, SameSite=Strict,
 * Secure, HttpOnly. Browsers accept Secure cookies from http://localhost as well.
 */
const ATTRIBUTES: CookieSerializeOptions = {
  path: '/',
  sameSite: 'strict',
  secure: true,
  httpOnly: true,
};

export function setRefreshCookie(reply: FastifyReply, refreshToken: string): void {
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    ...ATTRIBUTES,
    maxAge: AUTH_COOKIE_MAX_AGE_SECONDS,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, ATTRIBUTES);
}

/** The refresh token of the body (API clients) or else of the cookie (the dashboard). */
export function refreshTokenOf(
  request: FastifyRequest,
  body: { refreshToken?: string | undefined } | null | undefined,
): string | undefined {
  return body?.refreshToken ?? requestCookie(request, REFRESH_COOKIE);
}
