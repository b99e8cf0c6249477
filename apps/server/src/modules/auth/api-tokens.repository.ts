import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ApiTokensTable, Database } from '../../db/schema.js';
import { reusableQuery } from '../../db/reusable-query.js';
import { announceChange } from '../../lib/change-notices.js';
import { ENTERPRISE_PLAN_COLUMNS } from '../plans/index.js';
import { authDataChanged } from './auth-data-changes.js';
import type { UserRow } from './users.repository.js';

export type ApiTokenRow = Selectable<ApiTokensTable>;

/** The SQL of `api_tokens` (ADR 070). */
export async function insertApiToken(
  db: Kysely<Database>,
  token: Insertable<ApiTokensTable>,
): Promise<void> {
  await db.insertInto('api_tokens').values(token).execute();
}

/** The account's tokens that are not revoked (expired ones too), newest first. */
export async function listApiTokens(db: Kysely<Database>, userId: string): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Tokens of the account that still work: neither revoked nor expired at `now`. */
export async function countActiveApiTokens(
  db: Kysely<Database>,
  userId: string,
  now: string,
): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Revokes one token of the account; answers its row, or nothing when the account has no such
 * token that is not revoked already. Tells the caches of every instance, as a session's
 * revocation does (auth-data-changes.ts), so that the token stops working at once.
 */
export async function revokeApiToken(
  db: Kysely<Database>,
  userId: string,
  id: string,
  now: string,
): Promise<ApiTokenRow | undefined> {
  authDataChanged();
  const row = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  authDataChanged();
  if (row) await announceChange(db, 'auth');
  return row;
}

export type ApiTokenWithUser = ApiTokenRow & { user: UserRow };

/**
 * The token of a hash that is not revoked, with its user, in one indexed lookup; run on every
 * request a token makes that the cache does not answer.
 */
const tokenWithUser = reusableQuery((db: Kysely<Database>, tokenHash: string) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .selectAll('users')
    .select(ENTERPRISE_PLAN_COLUMNS)
    .select([
      'api_tokens.id as token_id',
      'api_tokens.name as token_name',
      'api_tokens.scopes as token_scopes',
      'api_tokens.expires_at as token_expires_at',
      'api_tokens.last_used_at as token_last_used_at',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .where('api_tokens.revoked_at', 'is', null),
);

export interface ActiveApiToken {
  id: string;
  name: string;
  /** JSON, as stored. */
  scopes: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  user: UserRow;
}

export async function findApiTokenByHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<ActiveApiToken | undefined> {
  const row = await tokenWithUser.executeTakeFirst(db, tokenHash);
  if (!row) return undefined;
  const {
    token_id: id,
    token_name: name,
    token_scopes: scopes,
    token_expires_at: expiresAt,
    token_last_used_at: lastUsedAt,
    ...user
  } = row;
  return { id, name, scopes, expiresAt, lastUsedAt, user };
}

/** Remembers a token's use (the caller writes it at most once a minute). */
export async function touchApiToken(
  db: Kysely<Database>,
  id: string,
  usedAt: string,
  ip: string | null,
): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: usedAt, last_used_ip: ip })
    .where('id', '=', id)
    .execute();
}
