import type { Kysely } from 'kysely';

// Invitation mails (ADR 026, "Invitation and registration emails"): an invitation keeps the id of
// its last mail, and the list shows that outbox row's status by a join, as registrations do, so
// nothing is copied that could go stale. The unused `mail_status` text gives way. A mail outlives
// the invitation it was sent for (the outbox keeps it); deleting a mail only forgets the link.
// The indexes serve the foreign keys' `set null` when a mail goes (PostgreSQL does not index a
// referencing column by itself); registrations lacked theirs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('invitations')
    .addColumn('mail_id', 'text', (column) => column.references('mails.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('invitations').dropColumn('mail_status').execute();
  await db.schema.createIndex('invitations_mail_id').on('invitations').column('mail_id').execute();
  await db.schema
    .createIndex('registrations_mail_id')
    .on('registrations')
    .column('mail_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('registrations_mail_id').execute();
  await db.schema.dropIndex('invitations_mail_id').execute();
  await db.schema.alterTable('invitations').dropColumn('mail_id').execute();
  await db.schema.alterTable('invitations').addColumn('mail_status', 'text').execute();
}
