import { randomUUID } from 'node:crypto';
import { AUTH_COOKIE_MAX_AGE_SECONDS, type ApiTokenScope, type AuthTokens } from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { deriveKey, hmacSha256, randomToken, sha256 } from '../../lib/crypto.js';
import { unauthorized } from '../../lib/errors.js';
import type { AccessTokens, IssuedToken } from './access-tokens.js';
import {
  deleteExpiredSessions,
  findActiveSessionUser,
  findRefreshToken,
  insertSession,
  listActiveSessions,
  replaceRefreshToken,
  revokeSessions,
  touchActiveSession,
  type SessionRow,
} from './sessions.repository.js';
import { SessionCache } from './session-cache.js';
import type { UserRow } from './users.repository.js';

/** A session lives 30 days from sign-in, however often it is refreshed (the cookie's Max-Age). */
export const SESSION_LIFETIME_MS = AUTH_COOKIE_MAX_AGE_SECONDS * 1000;
/** Refreshes of one token within this time after its rotation get the same successor. */
export const REFRESH_GRACE_MS = 15_000;
/** 256 bits. */
const REFRESH_TOKEN_BYTES = 32;
const USER_AGENT_MAX_LENGTH = 512;
const CLEANUP_INTERVAL_MS = 60 * 60_000;

/** Where a request came from, as recorded on its session. */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

/** Who a request's access token speaks for (set by `app.authenticate`). */
export interface AuthContext {
  user: UserRow;
  sessionId: string;
  /** The access token the request carried, and when it expires. */
  accessToken: IssuedToken;
  /**
   * Set when the request carried a personal API token instead of a session's (ADR 070): its id,
   * name and scopes. `sessionId` is then empty and `accessToken` describes the API token.
   */
  apiToken?: { id: string; name: string; scopes: readonly ApiTokenScope[] };
}

export interface SignedIn {
  userId: string;
  sessionId: string;
  tokens: AuthTokens;
}

export type RevokeReason =
  'logout' | 'refresh-token-reuse' | 'password-change' | 'password-reset' | 'revoked-by-user';

/**
 * Sessions (ADR 010): one row per sign-in (the refresh-token family, the access
 * token's `sid`); its refresh tokens are opaque 256-bit values stored as SHA-256, rotated on every
 * use. A token used again after its rotation revokes the family (RFC 9700, 4.14.2) — except
 * within {@link REFRESH_GRACE_MS}, when it gets the same successor again: the successor is
 * HMAC(key, 'rotate:' + token), so it can be recomputed without ever storing a token.
 */
export class SessionService {
  private readonly rotationKey: Uint8Array;
  private readonly activeSessions = new SessionCache();
  private lastCleanup = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly accessTokens: AccessTokens,
    private readonly now: Clock,
    appSecret: string,
  ) {
    this.rotationKey = deriveKey(appSecret, 'livent refresh token rotation v1');
  }

  /** Starts a session (a sign-in); `db` may be the caller's transaction. */
  async create(db: Kysely<Database>, userId: string, client: ClientInfo): Promise<SignedIn> {
    const now = this.now();
    await this.cleanUp(db, now);
    const sessionId = randomUUID();
    const refreshToken = randomToken(REFRESH_TOKEN_BYTES);
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString();
    await insertSession(
      db,
      {
        id: sessionId,
        user_id: userId,
        created_at: now.toISOString(),
        last_used_at: now.toISOString(),
        expires_at: expiresAt,
        revoked_at: null,
        revoked_reason: null,
        ...clientColumns(client),
      },
      sha256(refreshToken),
    );
    return {
      userId,
      sessionId,
      tokens: {
        access: await this.accessTokens.sign({ userId, sessionId }),
        refresh: { token: refreshToken, expires: expiresAt },
      },
    };
  }

  /** Trades a refresh token for new tokens; 401 "Please authenticate" when it cannot. */
  async refresh(refreshToken: string, client: ClientInfo): Promise<SignedIn> {
    const now = this.now();
    const nowIso = now.toISOString();
    const tokenHash = sha256(refreshToken);
    let record = await findRefreshToken(this.db, tokenHash);
    if (!record || record.sessionRevokedAt !== null || record.sessionExpiresAt <= nowIso) {
      throw unauthorized();
    }
    const successor = hmacSha256(this.rotationKey, `rotate:${refreshToken}`);
    const use = { last_used_at: nowIso, ...clientColumns(client) };
    if (record.replacedAt === null) {
      const { sessionId } = record;
      // The session is confirmed active by a write in the transaction that rotates the token: a
      // logout that landed after the read above wins, and its session gets no successor.
      const outcome = await this.db.transaction().execute(async (trx) => {
        if (!(await touchActiveSession(trx, sessionId, use))) return 'ended';
        const replaced = await replaceRefreshToken(
          trx,
          tokenHash,
          sha256(successor),
          sessionId,
          nowIso,
        );
        return replaced ? 'rotated' : 'rotated-elsewhere';
      });
      if (outcome === 'ended') throw unauthorized();
      if (outcome === 'rotated') {
        return this.signedIn(record.userId, sessionId, successor, record.sessionExpiresAt);
      }
      // Another request rotated it first: judge it like any other rotated token.
      record = await findRefreshToken(this.db, tokenHash);
      if (!record) throw unauthorized();
    }
    const rotatedAt = Date.parse(record.replacedAt ?? nowIso);
    if (now.getTime() - rotatedAt <= REFRESH_GRACE_MS) {
      // Confirmed by a write like the rotation: the read above may predate a logout.
      if (!(await touchActiveSession(this.db, record.sessionId, use))) throw unauthorized();
      return this.signedIn(record.userId, record.sessionId, successor, record.sessionExpiresAt);
    }
    await revokeSessions(this.db, { sessionId: record.sessionId }, 'refresh-token-reuse', nowIso);
    throw unauthorized();
  }

  /**
   * The account whose live session a refresh token is the current token of, without rotating
   * it: a device that holds one is its owner's (login lockout, ADR 024).
   */
  async userOfRefreshToken(refreshToken: string): Promise<string | undefined> {
    const record = await findRefreshToken(this.db, sha256(refreshToken));
    if (!record || record.replacedAt !== null || record.sessionRevokedAt !== null) return undefined;
    return record.sessionExpiresAt > this.now().toISOString() ? record.userId : undefined;
  }

  /** Ends the session a refresh token belongs to, whatever state the token is in. */
  async revokeByRefreshToken(refreshToken: string): Promise<void> {
    const record = await findRefreshToken(this.db, sha256(refreshToken));
    if (record) await this.revoke(this.db, { sessionId: record.sessionId }, 'logout');
  }

  /** Revokes one session, or every session of a user (optionally but one). */
  async revoke(
    db: Kysely<Database>,
    where: { sessionId?: string; userId?: string; exceptSessionId?: string },
    reason: RevokeReason,
  ): Promise<number> {
    return revokeSessions(db, where, reason, this.now().toISOString());
  }

  /**
   * Who an access token speaks for: a valid JWT whose session is neither revoked nor expired.
   * Revocation on this instance takes effect at once, on other instances within
   * `SESSION_CACHE_TTL_MS` (session-cache.ts).
   */
  async authenticate(accessToken: string): Promise<AuthContext | undefined> {
    const claims = this.accessTokens.verify(accessToken);
    if (!claims) return undefined;
    const now = this.now().toISOString();
    const user = await this.activeSessions.get(claims.sessionId, claims.userId, now, () =>
      findActiveSessionUser(this.db, claims.sessionId, claims.userId, now),
    );
    if (!user) return undefined;
    return {
      user,
      sessionId: claims.sessionId,
      accessToken: { token: accessToken, expires: claims.expires },
    };
  }

  listActive(userId: string): Promise<SessionRow[]> {
    return listActiveSessions(this.db, userId, this.now().toISOString());
  }

  private async signedIn(
    userId: string,
    sessionId: string,
    refreshToken: string,
    expires: string,
  ): Promise<SignedIn> {
    return {
      userId,
      sessionId,
      tokens: {
        access: await this.accessTokens.sign({ userId, sessionId }),
        refresh: { token: refreshToken, expires },
      },
    };
  }

  /** Expired sessions are deleted by the next sign-in after an hour, by whichever instance. */
  private async cleanUp(db: Kysely<Database>, now: Date): Promise<void> {
    if (now.getTime() - this.lastCleanup < CLEANUP_INTERVAL_MS) return;
    this.lastCleanup = now.getTime();
    await deleteExpiredSessions(db, now.toISOString());
  }
}

function clientColumns(client: ClientInfo): { ip: string | null; user_agent: string | null } {
  return {
    ip: client.ip || null,
    user_agent: client.userAgent ? client.userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
  };
}
