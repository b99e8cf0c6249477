import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';
import { announceChange } from '../../lib/change-notices.js';
import { ENTERPRISE_PLAN_COLUMNS, type EnterprisePlanColumns } from '../plans/index.js';
import { authDataChanged } from './auth-data-changes.js';

/**
 * An account as the server reads it: its `users` row with its enterprise admin's plan beside it
 * (ENTERPRISE_PLAN_COLUMNS), so that the effective plan sees whether a membership still counts
 * (ADR 050).
 */
export type UserRow = Selectable<UsersTable> & EnterprisePlanColumns;
export type NewUserRow = Insertable<UsersTable>;
export type UserChanges = Omit<Updateable<UsersTable>, 'id' | 'created_at'>;

/**
 * The SQL of `users`. Emails are compared lowercased, as they are stored. Writes tell the session
 * cache (session-cache.ts), which keeps users for signed-in requests.
 */
export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .select(ENTERPRISE_PLAN_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findUserByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .select(ENTERPRISE_PLAN_COLUMNS)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function insertUser(db: Kysely<Database>, user: NewUserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function updateUser(
  db: Kysely<Database>,
  id: string,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  authDataChanged();
  const row = await db
    .updateTable('users')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .returning(ENTERPRISE_PLAN_COLUMNS)
    .executeTakeFirst();
  // Again once written: a session check that read the old row meanwhile must not keep it.
  authDataChanged();
  await announceChange(db, 'auth');
  return row;
}

/** Deletes the user; sessions, tokens, mails and feedback go with it (foreign-key cascade). */
export async function deleteUser(db: Kysely<Database>, id: string): Promise<boolean> {
  authDataChanged();
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  authDataChanged();
  await announceChange(db, 'auth');
  return result.numDeletedRows > 0n;
}
