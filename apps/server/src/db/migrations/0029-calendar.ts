import type { Kysely } from 'kysely';

// Calendar invitations (docs/decisions/064-calendar-invitations.md):
// - events.calendar_sequence is the SEQUENCE of the event's calendar entries, raised by every save
//   that moves its time, so that calendars replace the entry they hold with the newer one;
//   events.calendar_notified_sequence is the SEQUENCE the registrants and invitees were last told
//   of, so that the dashboard offers to notify them while the two differ;
// - mails.calendar is the iCalendar text a mail carries as its invitation (null for other mails),
//   kept in the outbox so that the worker sends it as the mail's calendar part.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('calendar_sequence', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('calendar_notified_sequence', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('mails').addColumn('calendar', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mails').dropColumn('calendar').execute();
  await db.schema.alterTable('events').dropColumn('calendar_notified_sequence').execute();
  await db.schema.alterTable('events').dropColumn('calendar_sequence').execute();
}
