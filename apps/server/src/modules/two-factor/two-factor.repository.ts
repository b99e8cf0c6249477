import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, TwoFactorTable } from '../../db/schema.js';

type Db = Kysely<Database>;
export type TwoFactorRow = Selectable<TwoFactorTable>;

/** The SQL of two-factor sign-in (ADR 071). */
export async function findTwoFactor(db: Db, userId: string): Promise<TwoFactorRow | undefined> {
  return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new pending setup, replacing a pending one (never an enabled one). */
export async function savePendingTwoFactor(
  db: Db,
  row: Omit<TwoFactorRow, 'enabled_at' | 'last_used_step'>,
): Promise<void> {
  await db
    .deleteFrom('two_factor')
    .where('user_id', '=', row.user_id)
    .where('enabled_at', 'is', null)
    .execute();
  await db
    .insertInto('two_factor')
    .values({ ...row, enabled_at: null, last_used_step: null })
    .execute();
}

export async function enableTwoFactor(db: Db, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ enabled_at: at })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Turns two-factor sign-in off: secret, recovery codes and open sign-in steps go. */
export async function deleteTwoFactor(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor').where('user_id', '=', userId).execute();
}

/**
 * Records the time step of an accepted code, if it is later than the last one: one atomic update,
 * so that a code used twice at once is accepted once.
 */
export async function useTimeStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setRememberKey(db: Db, userId: string, rememberKey: string): Promise<void> {
  await db
    .updateTable('two_factor')
    .set({ remember_key: rememberKey })
    .where('user_id', '=', userId)
    .execute();
}

export async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  codeHashes: readonly string[],
): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(
      codeHashes.map((codeHash) => ({
        id: randomUUID(),
        user_id: userId,
        code_hash: codeHash,
        used_at: null,
      })),
    )
    .execute();
}

/** Marks an unused recovery code used; false when there is none with this hash. */
export async function useRecoveryCode(
  db: Db,
  userId: string,
  codeHash: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertChallenge(
  db: Db,
  challenge: { tokenHash: string; userId: string; expiresAt: string; now: string },
): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('expires_at', '<=', challenge.now).execute();
  await db
    .insertInto('two_factor_challenges')
    .values({
      token_hash: challenge.tokenHash,
      user_id: challenge.userId,
      expires_at: challenge.expiresAt,
    })
    .execute();
}

export async function findChallenge(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('two_factor_challenges')
    .select(['user_id', 'failures'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Counts a wrong code; answers the failures so far. */
export async function countChallengeFailure(db: Db, tokenHash: string): Promise<number> {
  const row = await db
    .updateTable('two_factor_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .returning('failures')
    .executeTakeFirst();
  return row?.failures ?? Number.POSITIVE_INFINITY;
}

export async function deleteChallenge(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('two_factor_challenges').where('token_hash', '=', tokenHash).execute();
}

/** Whether an enterprise admin requires two-factor sign-in of their members. */
export async function requiresMemberTwoFactor(db: Db, adminId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('require_member_two_factor')
    .where('id', '=', adminId)
    .executeTakeFirst();
  return row?.require_member_two_factor === 1;
}

export async function setMemberTwoFactorRequired(
  db: Db,
  adminId: string,
  required: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ require_member_two_factor: required ? 1 : 0 })
    .where('id', '=', adminId)
    .execute();
}
