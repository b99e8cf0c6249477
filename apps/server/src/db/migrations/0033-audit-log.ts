import type { Kysely } from 'kysely';

// The audit log (docs/decisions/069-audit-log.md): who changed what and when, per account and,
// where an event is concerned, per event. `account_id` is the account whose log it is (the
// event's owner for an event's entries); the actor is remembered by id and by name at the time,
// so that an entry still reads right after a colleague left. Entries go with the account; an
// event's entries outlive the event (its deletion is one of them) until they are a year old. The
// indexes serve the two pages, newest first, and the daily deletion of old entries.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('via', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('details', 'text', (column) => column.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_account_id_created_at')
    .on('audit_log')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_event_id_created_at')
    .on('audit_log')
    .columns(['event_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_created_at')
    .on('audit_log')
    .column('created_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
