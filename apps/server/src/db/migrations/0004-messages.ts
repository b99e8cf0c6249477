import type { Kysely } from 'kysely';

// Messages of an event (ADR 017): viewers send them through the public page's message tool;
// the organiser's inbox (a later issue) lists them newest first per event, marks them read and
// answers them. `kind` leaves room for other senders than viewers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    // The channel page it was sent from; null for the event's main page.
    .addColumn('channel_id', 'text', (column) =>
      column.references('channels.id').onDelete('set null'),
    )
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('author_name', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('read', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('answer', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('messages_event_id_created_at')
    .on('messages')
    .columns(['event_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('messages').execute();
}
