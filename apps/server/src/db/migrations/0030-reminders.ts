import type { Kysely } from 'kysely';

// Reminders and the follow-up (docs/decisions/065-reminders-and-follow-up.md):
// - registrations and invitations record the language their guest was written to (the page's at
//   registration, the invitation mail's when it was sent); null, for those from before, reads as
//   the event's mail language;
// - reminder_sends holds one row per reminder and guest, written in the transaction that queues the
//   mail: its key (event, reminder, person) is what makes a reminder go once across restarts and
//   instances. `reminder` names the offset and the start instant it was computed for
//   (`1440@2026-12-01T09:00:00.000Z`), so that a moved start reminds again;
// - follow_up_sends holds each event's last follow-up: when, and to how many who attended or
//   missed it; a second send within a short time is refused unless forced.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('registrations').addColumn('language', 'text').execute();
  await db.schema.alterTable('invitations').addColumn('language', 'text').execute();

  await db.schema
    .createTable('reminder_sends')
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('reminder', 'text', (column) => column.notNull())
    // registration or invitation
    .addColumn('person_kind', 'text', (column) => column.notNull())
    .addColumn('person_id', 'text', (column) => column.notNull())
    // Null: skipped (the address unsubscribed from the event's mails).
    .addColumn('mail_id', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('reminder_sends_pkey', [
      'event_id',
      'reminder',
      'person_kind',
      'person_id',
    ])
    .execute();

  await db.schema
    .createTable('follow_up_sends')
    .addColumn('event_id', 'text', (column) =>
      column.primaryKey().references('events.id').onDelete('cascade'),
    )
    .addColumn('sent_at', 'text', (column) => column.notNull())
    .addColumn('attended', 'integer', (column) => column.notNull())
    .addColumn('missed', 'integer', (column) => column.notNull())
    .execute();
}
