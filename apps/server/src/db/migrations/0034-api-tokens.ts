import type { Kysely } from 'kysely';

// Personal API tokens (docs/decisions/070-personal-api-tokens.md): the SHA-256 of the secret,
// never the secret; its first characters (`prefix`) for recognition in the list; the scopes as a
// JSON list. Tokens go with their account. The hash is looked up on every request a token makes;
// the account's index serves its list and the count of active tokens at a create.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('prefix', 'text', (column) => column.notNull())
    .addColumn('scopes', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('last_used_ip', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('api_tokens_user_id_created_at')
    .on('api_tokens')
    .columns(['user_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
}
