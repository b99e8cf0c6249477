import type { Kysely } from 'kysely';

// Sessions of the personal ways in (docs/decisions/067-session-limits.md): each access granted to a
// registration or an invitation starts one; past the event's limit the oldest end (`ended_at`,
// `end_reason` 'limit'). The person is one of two foreign keys, so that a session goes with its
// event, registration or invitation without any service having to remember it; their indexes
// serve those deletions and the "open sessions of this person, newest first" of every sign-in.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('access_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('registration_id', 'text', (column) =>
      column.references('registrations.id').onDelete('cascade'),
    )
    .addColumn('invitation_id', 'text', (column) =>
      column.references('invitations.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema
    .createIndex('access_sessions_registration_id_created_at')
    .on('access_sessions')
    .columns(['registration_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('access_sessions_invitation_id_created_at')
    .on('access_sessions')
    .columns(['invitation_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('access_sessions_event_id')
    .on('access_sessions')
    .column('event_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('access_sessions').execute();
}
