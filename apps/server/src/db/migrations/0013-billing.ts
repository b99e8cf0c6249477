import type { Kysely } from 'kysely';

// Plans and billing (ADR 028). The account's plan stays on `users` (plan, plan_expires) with the
// subscription's status beside it, so that every plan decision reads one row; the subscriptions,
// payments and the webhook inbox hold what the reseller told us. Times are ISO text (ADR 007);
// amounts are integer minor units (cents).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('subscription_status', 'text').execute();
  // The subscription whose state `plan`, `plan_expires` and `subscription_status` copy.
  await db.schema.alterTable('users').addColumn('subscription_id', 'text').execute();

  await db.schema
    .createTable('billing_subscriptions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('provider_subscription_id', 'text', (column) => column.notNull())
    .addColumn('provider_customer_id', 'text')
    .addColumn('plan', 'text', (column) => column.notNull())
    .addColumn('interval', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    // The end of the period paid for: the account's plan expiry.
    .addColumn('current_period_end', 'text')
    .addColumn('next_bill_at', 'text')
    // The provider's time of the newest state applied: older deliveries never roll it back.
    .addColumn('occurred_at', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('billing_subscriptions_provider_id_key', [
      'provider',
      'provider_subscription_id',
    ])
    .execute();
  await db.schema
    .createIndex('billing_subscriptions_user_idx')
    .on('billing_subscriptions')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('billing_payments')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('provider_payment_id', 'text', (column) => column.notNull())
    .addColumn('provider_subscription_id', 'text')
    .addColumn('paid_at', 'text', (column) => column.notNull())
    .addColumn('gross', 'integer', (column) => column.notNull())
    .addColumn('currency', 'text', (column) => column.notNull())
    .addColumn('method', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('receipt_url', 'text')
    .addColumn('occurred_at', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('billing_payments_provider_id_key', ['provider', 'provider_payment_id'])
    .execute();
  await db.schema
    .createIndex('billing_payments_user_paid_idx')
    .on('billing_payments')
    .columns(['user_id', 'paid_at', 'id'])
    .execute();

  // Every verified webhook, stored before it is answered; the worker applies it (ADR 028).
  await db.schema
    .createTable('billing_webhooks')
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('event_id', 'text', (column) => column.notNull())
    .addColumn('event_type', 'text', (column) => column.notNull())
    .addColumn('occurred_at', 'text', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    // pending, applied, stale, ignored, unmatched or failed.
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('received_at', 'text', (column) => column.notNull())
    .addColumn('processed_at', 'text')
    .addPrimaryKeyConstraint('billing_webhooks_pk', ['provider', 'event_id'])
    .execute();
  await db.schema
    .createIndex('billing_webhooks_due_idx')
    .on('billing_webhooks')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billing_webhooks').execute();
  await db.schema.dropTable('billing_payments').execute();
  await db.schema.dropTable('billing_subscriptions').execute();
  await db.schema.alterTable('users').dropColumn('subscription_id').execute();
  await db.schema.alterTable('users').dropColumn('subscription_status').execute();
}
