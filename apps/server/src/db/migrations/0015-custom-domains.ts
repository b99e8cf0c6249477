import type { Kysely } from 'kysely';

// Custom domains (docs/decisions/030-custom-domains.md). `name` is the lower-case ASCII
// (punycode) form, so its unique index is case-insensitive without a function index. The TXT
// record `_livent-challenge.<name>` must hold `verification_token` before a domain becomes
// active. The periodic check claims due rows (`next_check_at`) with a lease (`locked_until`) so
// that two instances never check one row at once; `check_failures` drives the back-off since
// `checking_since` (the creation or the user's last re-check). `plan_lapsed_at` starts the grace
// period after the owner's plan stopped allowing the domain. At most one default per account is
// kept by the service, which clears the others in the same transaction.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('custom_domains')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull().unique())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('status_detail', 'text')
    .addColumn('check_error', 'text')
    .addColumn('disabled_reason', 'text')
    .addColumn('verification_token', 'text', (column) => column.notNull())
    .addColumn('is_default', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('redirect_url', 'text')
    .addColumn('shared', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('last_checked_at', 'text')
    .addColumn('next_check_at', 'text')
    .addColumn('checking_since', 'text', (column) => column.notNull())
    .addColumn('check_failures', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('activated_at', 'text')
    .addColumn('plan_lapsed_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('custom_domains_user_id_idx')
    .on('custom_domains')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('custom_domains_next_check_at_idx')
    .on('custom_domains')
    .column('next_check_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('custom_domains').execute();
}
