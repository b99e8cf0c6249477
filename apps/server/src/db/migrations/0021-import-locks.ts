import type { Kysely } from 'kysely';

// One import at a time per event, across instances (ADR 046): an import holds its event's row
// here while it runs. `expires_at` frees the row of an instance that died mid-import; the event's
// deletion removes it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_locks')
    .addColumn('event_id', 'text', (column) =>
      column.primaryKey().references('events.id').onDelete('cascade'),
    )
    .addColumn('holder', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_locks').execute();
}
