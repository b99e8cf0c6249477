import type { Kysely } from 'kysely';

// The login list of an event (ADR 026): one row per access granted to a viewer (a code typed,
// a sign-in, a personal link opened, a single sign-on). No IP address or user agent, by design:
// the organiser learns who came in and when, nothing about their device. Rows go with the event.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('access_logins')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('way', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('label', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('access_logins_event_created_idx')
    .on('access_logins')
    .columns(['event_id', 'created_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('access_logins').execute();
}
