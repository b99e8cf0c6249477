import { randomUUID } from 'node:crypto';
import {
  API_TOKEN_MAX_ACTIVE,
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPES,
  API_TOKEN_VISIBLE_LENGTH,
  ERROR_MESSAGES,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenScope,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { LimitRule, RateLimiter } from '../../lib/rate-limiter.js';
import type { AuditActor, AuditLog } from '../audit/index.js';
import { authDataChanged, authDataGeneration } from './auth-data-changes.js';
import {
  countActiveApiTokens,
  findApiTokenByHash,
  insertApiToken,
  listApiTokens,
  revokeApiToken,
  touchApiToken,
  type ActiveApiToken,
  type ApiTokenRow,
} from './api-tokens.repository.js';
import { SESSION_CACHE_MAX, SESSION_CACHE_TTL_MS } from './session-cache.js';
import type { AuthContext } from './sessions.service.js';

/** 256 bits. */
const SECRET_BYTES = 32;
const DAY_MS = 24 * 60 * 60_000;
/** A token's last use is written at most this often: a script's every request is no write. */
export const API_TOKEN_LAST_USE_INTERVAL_MS = 60_000;

interface CachedToken extends ActiveApiToken {
  scopeList: readonly ApiTokenScope[];
  generation: number;
}

export interface ApiTokenDependencies {
  db: Kysely<Database>;
  now: Clock;
  audit: AuditLog;
  limiter: RateLimiter;
  /** Requests of one token (`apiTokenRequests` of the abuse limits). */
  requestLimit: LimitRule;
}

/**
 * Personal API tokens (docs/decisions/070-personal-api-tokens.md): `lvt_` and 256 random bits,
 * shown once and stored as SHA-256. A token speaks for its owner like a session, narrowed to its
 * scopes (api-token-scopes.ts). Lookups are cached like sessions' for `SESSION_CACHE_TTL_MS`
 * and dropped by every revocation or change of a user (auth-data-changes.ts), on this instance at
 * once and on the others when the change notice reaches them.
 */
export class ApiTokenService {
  private readonly cache = new LRUCache<string, CachedToken>({
    max: SESSION_CACHE_MAX,
    ttl: SESSION_CACHE_TTL_MS,
  });

  constructor(private readonly deps: ApiTokenDependencies) {}

  async list(userId: string): Promise<ApiToken[]> {
    return (await listApiTokens(this.deps.db, userId)).map(toApiToken);
  }

  /** Makes a token; its secret is in this answer and nowhere else, ever. */
  async create(
    userId: string,
    input: { name: string; scopes: ApiTokenScope[]; expiresInDays: number | null },
    actor: AuditActor,
  ): Promise<ApiTokenCreated> {
    const now = this.deps.now();
    const secret = `${API_TOKEN_PREFIX}${randomToken(SECRET_BYTES)}`;
    const row: ApiTokenRow = {
      id: randomUUID(),
      user_id: userId,
      name: input.name,
      token_hash: sha256(secret),
      prefix: secret.slice(0, API_TOKEN_PREFIX.length + API_TOKEN_VISIBLE_LENGTH),
      scopes: JSON.stringify(input.scopes),
      created_at: now.toISOString(),
      expires_at:
        input.expiresInDays === null
          ? null
          : new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
      last_used_at: null,
      last_used_ip: null,
      revoked_at: null,
    };
    await this.deps.db.transaction().execute(async (trx) => {
      if ((await countActiveApiTokens(trx, userId, row.created_at)) >= API_TOKEN_MAX_ACTIVE) {
        throw forbidden(ERROR_MESSAGES.apiTokenLimitReached);
      }
      await insertApiToken(trx, row);
      await this.deps.audit.record(
        {
          accountId: userId,
          actor,
          action: 'token.created',
          details: tokenFacts(row),
        },
        trx,
      );
    });
    return { ...toApiToken(row), token: secret };
  }

  /** Revokes a token of the account; 404 when it has none of that id (or it is revoked). */
  async revoke(userId: string, id: string, actor: AuditActor): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await revokeApiToken(trx, userId, id, this.deps.now().toISOString());
      if (!row) throw notFound(ERROR_MESSAGES.apiTokenNotFound);
      await this.deps.audit.record(
        { accountId: userId, actor, action: 'token.revoked', details: tokenFacts(row) },
        trx,
      );
    });
    // Once more after the commit: a lookup that read the row before it must not be kept.
    authDataChanged();
  }

  /**
   * Who a token speaks for: one that exists, is not revoked nor expired, and whose owner's email
   * address is verified. Writes its last use when the one known is a minute old.
   */
  async authenticate(secret: string, ip: string): Promise<AuthContext | undefined> {
    const token = await this.find(sha256(secret));
    if (!token) return undefined;
    const now = this.deps.now();
    const nowIso = now.toISOString();
    if (token.expiresAt !== null && token.expiresAt <= nowIso) return undefined;
    if (token.user.email_verified !== 1) return undefined;
    const lastUsed = token.lastUsedAt === null ? 0 : Date.parse(token.lastUsedAt);
    if (now.getTime() - lastUsed >= API_TOKEN_LAST_USE_INTERVAL_MS) {
      token.lastUsedAt = nowIso;
      await touchApiToken(this.deps.db, token.id, nowIso, ip || null);
    }
    return {
      user: token.user,
      sessionId: '',
      accessToken: { token: secret, expires: token.expiresAt ?? '' },
      apiToken: { id: token.id, name: token.name, scopes: token.scopeList },
    };
  }

  /** Counts one request of the token; 429 with `Retry-After` past its limit. */
  async consumeRequest(tokenId: string): Promise<void> {
    await this.deps.limiter.consume([this.deps.requestLimit, tokenId]);
  }

  private async find(tokenHash: string): Promise<CachedToken | undefined> {
    const cached = this.cache.get(tokenHash);
    if (cached && cached.generation === authDataGeneration()) return cached;
    // Read before the query: a revocation that lands while the query runs makes the entry stale.
    const generation = authDataGeneration();
    const found = await findApiTokenByHash(this.deps.db, tokenHash);
    if (!found) {
      this.cache.delete(tokenHash);
      return undefined;
    }
    const entry: CachedToken = {
      ...found,
      user: Object.freeze(found.user),
      scopeList: parseScopes(found.scopes),
      generation,
    };
    this.cache.set(tokenHash, entry);
    return entry;
  }
}

function parseScopes(json: string): ApiTokenScope[] {
  const stored: unknown = JSON.parse(json);
  // Only scopes this version knows: one dropped from the list grants nothing any more.
  return API_TOKEN_SCOPES.filter((scope) => Array.isArray(stored) && stored.includes(scope));
}

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: parseScopes(row.scopes),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    lastUsedIp: row.last_used_ip,
  };
}

/** What the audit log remembers of a token: never its secret nor its hash. */
function tokenFacts(row: ApiTokenRow): Record<string, unknown> {
  return {
    tokenId: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: parseScopes(row.scopes),
    expiresAt: row.expires_at,
  };
}
