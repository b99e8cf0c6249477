import { AUTH_COOKIE_PREFIX, TWO_FACTOR_REMEMBER_DAYS } from '@livent/shared';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { hmacSha256, safeEqual, sha256 } from '../../lib/crypto.js';

export const REMEMBER_MAX_AGE_SECONDS = TWO_FACTOR_REMEMBER_DAYS * 24 * 60 * 60;

/** Sent to the sign-in routes only. */
export const REMEMBER_COOKIE_ATTRIBUTES: CookieSerializeOptions = {
  path: '/api/auth',
  sameSite: 'strict',
  secure: true,
  httpOnly: true,
};

/**
 * "Remember this browser" (ADR 071): one cookie per account, so that people sharing a browser
 * keep theirs apart. Its name carries a hash of the account id, its value the expiry and an HMAC
 * over account, expiry and the account's current `remember_key`: replacing that key (turning
 * two-factor sign-in off, renewing the recovery codes) revokes every remembered browser.
 */
export function rememberCookieName(userId: string): string {
  return `${AUTH_COOKIE_PREFIX}2fa.${sha256(userId).slice(0, 16)}`;
}

export function rememberCookieValue(
  key: Uint8Array,
  userId: string,
  rememberKey: string,
  expiresMs: number,
): string {
  return `${String(expiresMs)}.${hmacSha256(key, `${userId}.${String(expiresMs)}.${rememberKey}`)}`;
}

export function isRemembered(
  key: Uint8Array,
  userId: string,
  rememberKey: string,
  value: string | undefined,
  nowMs: number,
): boolean {
  const expires = Number(value?.split('.')[0]);
  if (!value || !Number.isSafeInteger(expires) || expires <= nowMs) return false;
  return safeEqual(value, rememberCookieValue(key, userId, rememberKey, expires));
}
