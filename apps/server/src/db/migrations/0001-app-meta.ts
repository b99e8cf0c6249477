import type { Kysely } from 'kysely';

// Migrations take `Kysely<any>`: they describe the schema at their point in history, not the
// current `Database` interface. Types are portable (`text`, `integer`, ...) so that one set
// serves SQLite and PostgreSQL.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('app_meta')
    .values({ key: 'created_at', value: now, updated_at: now })
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_meta').execute();
}
