import type { Kysely } from 'kysely';

// Two-factor sign-in (docs/decisions/071-two-factor-sign-in.md). `two_factor` holds an account's
// TOTP secret, sealed with a key derived from APP_SECRET: pending until `enabled_at` is set by a
// confirmed code. `last_used_step` refuses a code used again within its window; `remember_key`
// signs the "remember this browser" cookies, so that a new one revokes them all. Recovery codes
// are stored as keyed hashes. A sign-in's step between password and code is a row of
// `two_factor_challenges` (the token hashed), which counts its wrong codes. Enterprise admins may
// require two-factor sign-in of their members (`users.require_member_two_factor`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'text', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('secret', 'text', (column) => column.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_used_step', 'integer')
    .addColumn('remember_key', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_codes_user_id')
    .on('two_factor_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('failures', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_challenges_expires_at')
    .on('two_factor_challenges')
    .column('expires_at')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('require_member_two_factor', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('require_member_two_factor').execute();
  await db.schema.dropTable('two_factor_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor').execute();
}
