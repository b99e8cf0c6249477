import type { ApiToken } from '@livent/shared';

/** Whether a token's expiry has passed: the list still shows it until it is revoked. */
export function isExpired(token: Pick<ApiToken, 'expiresAt'>, now: number = Date.now()): boolean {
  return token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
}
