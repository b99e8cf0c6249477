import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock.js';
import { deriveKey } from '../../lib/crypto.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** RFC 9068's type for access tokens; other JWT kinds use other types, so none passes for another. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';
export const ACCESS_TOKEN_AUDIENCE = 'livent-api';
const ALGORITHM = 'HS256';

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

export interface IssuedToken {
  token: string;
  /** ISO-8601 */
  expires: string;
}

/**
 * Access tokens: JWTs signed with HS256 under a key derived from APP_SECRET for this purpose only
 * (RFC 8725: one algorithm, explicit `typ`, checked `iss`/`aud`/`exp`; ADR 010).
 * `sub` is the user, `sid` the session (refresh-token family), whose revocation ends the token.
 */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    appSecret: string,
    private readonly issuer: string,
    private readonly now: Clock,
  ) {
    this.key = deriveKey(appSecret, 'livent access token v1');
  }

  async sign(claims: AccessTokenClaims): Promise<IssuedToken> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
    const token = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: ACCESS_TOKEN_TYPE })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .setJti(randomUUID())
      .sign(this.key);
    return { token, expires: new Date(expiresAt * 1000).toISOString() };
  }

  /** The claims of a valid token, or undefined for anything else (never throws). */
  async verify(token: string): Promise<(AccessTokenClaims & { expires: string }) | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        typ: ACCESS_TOKEN_TYPE,
        issuer: this.issuer,
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat', 'sid'],
        currentDate: this.now(),
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        payload.exp === undefined
      ) {
        return undefined;
      }
      return {
        userId: payload.sub,
        sessionId: payload.sid,
        expires: new Date(payload.exp * 1000).toISOString(),
      };
    } catch {
      return undefined;
    }
  }
}
