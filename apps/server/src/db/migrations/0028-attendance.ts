import type { Kysely } from 'kysely';

// Attendance (docs/decisions/063-event-times-and-page-states.md): per event and known person — a
// registration or an invitation, never an anonymous viewer — when they first joined, when they were
// last seen, the minutes they watched (one per minute with a heartbeat; `last_minute` keeps a minute
// from counting twice), and the questions they asked and polls they answered. The rows go with the
// event; the registration's or invitation's removal takes its row (the service deletes it).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attendance')
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    // registration or invitation
    .addColumn('person_kind', 'text', (column) => column.notNull())
    .addColumn('person_id', 'text', (column) => column.notNull())
    .addColumn('first_join_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .addColumn('minutes', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('last_minute', 'text')
    .addColumn('questions', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('polls', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('attendance_pkey', ['event_id', 'person_kind', 'person_id'])
    .execute();
}
