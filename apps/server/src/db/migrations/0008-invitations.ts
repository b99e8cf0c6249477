import type { Kysely } from 'kysely';

// Invitations: who may sign in at the gate of an event in the invitation mode (ADR 026). Every
// list query filters by event and sorts by one column with the id as tie-break, so each sort has
// an index that starts with the event and ends with the id; the unique ones refuse a second
// username or email in the event and a personal link token used twice.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    // Lower case.
    .addColumn('email', 'text', (column) => column.notNull())
    // Lower case; the email unless the organiser chose another.
    .addColumn('username', 'text', (column) => column.notNull())
    // As given or generated: the organiser sees and hands it out (ADR 026).
    .addColumn('password', 'text', (column) => column.notNull())
    // The personal link's token (256 bits), kept so that the list can show the link.
    .addColumn('token', 'text', (column) => column.notNull())
    // Raised when the username, password or token changes: access cookies carry it.
    .addColumn('access_version', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('logins', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('last_login_at', 'text')
    .addColumn('mail_status', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  const indexes: [string, string[], boolean][] = [
    ['invitations_event_id_username', ['event_id', 'username'], true],
    ['invitations_event_id_email', ['event_id', 'email'], true],
    ['invitations_token', ['token'], true],
    ['invitations_event_id_created_at_id', ['event_id', 'created_at', 'id'], false],
    ['invitations_event_id_name_id', ['event_id', 'name', 'id'], false],
    ['invitations_event_id_logins_id', ['event_id', 'logins', 'id'], false],
  ];
  for (const [name, columns, unique] of indexes) {
    const index = db.schema.createIndex(name).on('invitations').columns(columns);
    await (unique ? index.unique() : index).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
}
