import type { Kysely } from 'kysely';

// Enterprise members (docs/decisions/028-plans-and-billing.md, "Enterprise"): one row per
// invitation of an enterprise admin, addressed to an email; it becomes the membership when the
// account with that (verified) address accepts, which sets `member_id`. An account belongs to
// one enterprise at most (unique `member_id`; open invitations hold null, which never collides).
// `users.enterprise_id` copies the membership's admin onto the member's row, written in the same
// transaction, so that the effective plan, which reads one `users` row, sees it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('enterprise_id', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createTable('enterprise_members')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('admin_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('member_id', 'text', (column) => column.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('accepted_at', 'text')
    .addUniqueConstraint('enterprise_members_admin_email_key', ['admin_id', 'email'])
    .addUniqueConstraint('enterprise_members_member_key', ['member_id'])
    .execute();
  await db.schema
    .createIndex('enterprise_members_email_idx')
    .on('enterprise_members')
    .column('email')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('enterprise_members').execute();
  await db.schema.alterTable('users').dropColumn('enterprise_id').execute();
}
