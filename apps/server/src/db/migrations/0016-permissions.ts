import type { Kysely } from 'kysely';

// Shared permissions and owner changes (docs/decisions/031-sharing-and-owner-change.md). A
// permission gives one account the role 'shared' on one event once it is accepted; who granted it
// is the event's owner at any time, so an owner change needs no rewrite of the others'
// permissions. An owner change waits for the new owner; only pending ones are kept, one per event
// (unique `event_id`). Every row goes with its event and with either account (cascade), so
// deleting an account removes its permissions and the changes it is part of.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('permissions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('accepted_at', 'text')
    .addUniqueConstraint('permissions_event_user_key', ['event_id', 'user_id'])
    .execute();
  // The grantee's side: the events list and findAccessibleEvent look permissions up by user.
  await db.schema
    .createIndex('permissions_user_id_idx')
    .on('permissions')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema
    .createTable('owner_changes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('from_user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('to_user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('owner_changes_event_key', ['event_id'])
    .execute();
  await db.schema
    .createIndex('owner_changes_to_user_id_idx')
    .on('owner_changes')
    .column('to_user_id')
    .execute();
  await db.schema
    .createIndex('owner_changes_from_user_id_idx')
    .on('owner_changes')
    .column('from_user_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('owner_changes').execute();
  await db.schema.dropTable('permissions').execute();
}
