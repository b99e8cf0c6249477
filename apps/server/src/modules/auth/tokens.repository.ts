import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OneTimeTokenKind, TokensTable } from '../../db/schema.js';

export type OneTimeTokenRow = Selectable<TokensTable>;

/** The SQL of `tokens` (verification, reset and email-change links). */
export async function insertToken(
  db: Kysely<Database>,
  token: Insertable<TokensTable>,
): Promise<void> {
  await db.insertInto('tokens').values(token).execute();
}

export async function findTokenByHash(
  db: Kysely<Database>,
  tokenHash: string,
  kinds: readonly OneTimeTokenKind[],
): Promise<OneTimeTokenRow | undefined> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('kind', 'in', kinds)
    .executeTakeFirst();
}

/** Uses a token up, unless someone else did first: true for exactly one caller. */
export async function markTokenUsed(
  db: Kysely<Database>,
  id: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Uses up every open token of some kinds of a user, e.g. older reset links after a reset. */
export async function useUpTokens(
  db: Kysely<Database>,
  userId: string,
  kinds: readonly OneTimeTokenKind[],
  now: string,
): Promise<void> {
  await db
    .updateTable('tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('used_at', 'is', null)
    .execute();
}
