import type { Kysely } from 'kysely';

// When the retention pass last ran for an event (docs/decisions/073-data-retention-and-privacy.md).
// Each instance runs the pass; an instance takes an event by writing this row in the transaction
// that deletes or anonymises, on condition that the last run is older than the pass's spacing, so
// that two instances at once do the work once. It goes with its event.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_retention')
    .addColumn('event_id', 'text', (column) =>
      column.primaryKey().references('events.id').onDelete('cascade'),
    )
    .addColumn('last_run_at', 'text', (column) => column.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_retention').execute();
}
