import type { Kysely } from 'kysely';

// Webhooks (docs/decisions/072-webhooks.md): an account's endpoints, the outbox of their
// deliveries (one row per event and endpoint, written in the transaction of the change, claimed
// by a lease like the mails) and each delivery's attempts. Deliveries and attempts go with the
// endpoint; both are deleted 30 days after they were made.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    // JSON: the event types it wants, or null for all.
    .addColumn('event_types', 'text')
    // JSON: the Livent events it is filtered to, or null for all.
    .addColumn('event_ids', 'text')
    .addColumn('secret', 'text', (column) => column.notNull())
    // The secret a rotation replaced, still signed with until `previous_secret_until`.
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('paused_reason', 'text')
    // Deliveries that failed in a row, and since when (reset by a delivered one).
    .addColumn('failed_in_row', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('failing_since', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_account_id')
    .on('webhook_endpoints')
    .column('account_id')
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('endpoint_id', 'text', (column) =>
      column.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_type', 'text', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    // queued | retrying | delivered | failed
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_id_created_at')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_created_at')
    .on('webhook_deliveries')
    .column('created_at')
    .execute();
  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('delivery_id', 'text', (column) =>
      column.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('attempted_at', 'text', (column) => column.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (column) => column.notNull())
    .addColumn('response_body', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery_id')
    .on('webhook_attempts')
    .column('delivery_id')
    .execute();
  // attendance.updated is sent at most once per person and event in a few minutes: the last time.
  await db.schema
    .createTable('webhook_debounce')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('sent_at', 'text', (column) => column.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_debounce').execute();
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
