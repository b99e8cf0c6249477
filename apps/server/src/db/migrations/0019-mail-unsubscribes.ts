import type { Kysely } from 'kysely';

// One-click unsubscribes from an event's bulk mails (docs/decisions/049-mail-unsubscribe.md): one
// row per event and address (lower-case), written by the events origin's unsubscribe route and
// read by the invitation and registration sends, which skip these addresses. The rows go with
// their event. `mails.unsubscribe_url` is the link a bulk mail's `List-Unsubscribe` header
// carries (null for every other mail), kept in the outbox so that the worker can send it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_unsubscribes')
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('mail_unsubscribes_pkey', ['event_id', 'email'])
    .execute();
  await db.schema.alterTable('mails').addColumn('unsubscribe_url', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mails').dropColumn('unsubscribe_url').execute();
  await db.schema.dropTable('mail_unsubscribes').execute();
}
