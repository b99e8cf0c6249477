import type { Kysely } from 'kysely';

// Registrations of viewers for events in the registration access mode (ADR 026): one row per
// event and email address (lowercased), the additional fields' values as JSON, the personal
// link's token (stored as it is, like the messages guest token, since the organiser's list shows
// the personal link), when the address was verified, and the last mail sent about it (its status
// is the outbox row's, so it is never copied and never stale).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('registrations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('fields', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('token', 'text', (column) => column.notNull().unique())
    .addColumn('verified_at', 'text')
    .addColumn('mail_id', 'text', (column) => column.references('mails.id').onDelete('set null'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('registrations_event_id_email')
    .on('registrations')
    .columns(['event_id', 'email'])
    .unique()
    .execute();
  await db.schema
    .createIndex('registrations_event_id_created_at')
    .on('registrations')
    .columns(['event_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('registrations_event_id_name')
    .on('registrations')
    .columns(['event_id', 'name'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('registrations').execute();
}
