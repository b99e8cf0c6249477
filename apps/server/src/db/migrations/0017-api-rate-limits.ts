import type { Kysely } from 'kysely';

// The API-wide rate limit's shared counters (lib/shared-rate-limit-store.ts, ADR 033): one row per
// client (hashed) and fixed window, holding how much of the window's allowance the instances
// have taken between them. A row is useless once its window has ended (`expires_at`), and old
// ones are deleted by that index. SQLite creates the table too but never writes it: one process
// counts in its own memory there.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_rate_limits')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('used', 'integer', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('api_rate_limits_expires_at')
    .on('api_rate_limits')
    .column('expires_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_rate_limits').execute();
}
