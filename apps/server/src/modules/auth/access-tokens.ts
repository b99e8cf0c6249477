import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock.js';
import { deriveKey } from '../../lib/crypto.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** RFC 9068's type for access tokens; other JWT kinds use other types, so none passes for another. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';
export const ACCESS_TOKEN_AUDIENCE = 'livent-api';
const ALGORITHM = 'HS256';
/** Verified tokens remembered (one per active client is plenty). */
const ACCESS_TOKEN_CACHE_SIZE = 2000;

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
 *
 * Signed and verified with fast-jwt, which computes the HMAC synchronously with node:crypto: every
 * signed-in request checks a token, and WebCrypto's asynchronous jobs left the main thread
 * waiting (ADR 020).
 */
export class AccessTokens {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifier: (token: string) => Record<string, unknown>;
  /**
   * Verified payloads by token: a client sends its token with every request, and a hit skips
   * decoding, the HMAC and the claim checks (ADR 020). Only valid tokens are kept, and `exp` is
   * still checked on every call. Keyed by the token itself, so no two tokens share an entry:
   * fast-jwt's own cache keys by a SHA-256 of the token (a third of the check's time), which
   * hides nothing here, since the process holds APP_SECRET, from which any token can be minted
   * (ADR 020, third pass).
   */
  private readonly verified = new LRUCache<string, VerifiedToken>({
    max: ACCESS_TOKEN_CACHE_SIZE,
  });

  constructor(
    appSecret: string,
    issuer: string,
    private readonly now: Clock,
  ) {
    const key = Buffer.from(deriveKey(appSecret, 'livent access token v1'));
    this.signer = createSigner({
      key,
      algorithm: ALGORITHM,
      header: { alg: ALGORITHM, typ: ACCESS_TOKEN_TYPE },
      iss: issuer,
      aud: ACCESS_TOKEN_AUDIENCE,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS * 1000,
    });
    this.verifier = createVerifier({
      key,
      algorithms: [ALGORITHM],
      checkTyp: ACCESS_TOKEN_TYPE,
      allowedIss: issuer,
      allowedAud: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat', 'sid', 'iss', 'aud'],
      // A verifier's clock is fixed when it is made; `exp` is checked below against the
      // service's clock instead, which tests move.
      ignoreExpiration: true,
    });
  }

  // Async for the callers' sake: signing is synchronous, the interface stays as it was.
  async sign(claims: AccessTokenClaims): Promise<IssuedToken> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const token = this.signer({
      sid: claims.sessionId,
      sub: claims.userId,
      iat: issuedAt,
      jti: randomUUID(),
    });
    const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
    return { token, expires: new Date(expiresAt * 1000).toISOString() };
  }

  /** The claims of a valid token, or undefined for anything else (never throws). */
  verify(token: string): (AccessTokenClaims & { expires: string }) | undefined {
    let verified = this.verified.get(token);
    if (!verified) {
      verified = this.check(token);
      if (!verified) return undefined;
      this.verified.set(token, verified);
    }
    // RFC 7519, 4.1.4: not accepted on or after `exp`.
    if (verified.expiresAtMs <= this.now().getTime()) return undefined;
    return verified.claims;
  }

  private check(token: string): VerifiedToken | undefined {
    let payload: Record<string, unknown>;
    try {
      payload = this.verifier(token);
    } catch {
      return undefined;
    }
    const { sub, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') {
      return undefined;
    }
    const expiresAtMs = exp * 1000;
    const claims = { userId: sub, sessionId: sid, expires: new Date(expiresAtMs).toISOString() };
    // Shared by every request that carries the token.
    return { claims: Object.freeze(claims), expiresAtMs };
  }
}

interface VerifiedToken {
  claims: Readonly<AccessTokenClaims & { expires: string }>;
  expiresAtMs: number;
}
