import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  BillingPaymentsTable,
  BillingSubscriptionsTable,
  BillingWebhooksTable,
  Database,
} from '../../db/schema.js';

export type SubscriptionRow = Selectable<BillingSubscriptionsTable>;
export type PaymentRow = Selectable<BillingPaymentsTable>;
export type WebhookRow = Selectable<BillingWebhooksTable>;

/** Stores a verified webhook once per event id; answers whether it was new (a replay is not). */
export async function insertWebhook(
  db: Kysely<Database>,
  row: Insertable<BillingWebhooksTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('billing_webhooks')
    .values(row)
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Webhooks due for the worker, oldest change first (so that most arrive in order). */
export async function findDueWebhooks(
  db: Kysely<Database>,
  now: string,
  limit: number,
): Promise<Pick<WebhookRow, 'provider' | 'event_id'>[]> {
  return db
    .selectFrom('billing_webhooks')
    .select(['provider', 'event_id'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('occurred_at')
    .orderBy('received_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a lease on one webhook (a conditional update, so that of several instances only one
 * gets it) and counts the attempt; answers the row, or undefined when another instance has it.
 */
export async function claimWebhook(
  db: Kysely<Database>,
  key: { provider: string; event_id: string },
  now: string,
  lockedUntil: string,
): Promise<WebhookRow | undefined> {
  return db
    .updateTable('billing_webhooks')
    .set((eb) => ({ locked_until: lockedUntil, attempts: eb('attempts', '+', 1) }))
    .where('provider', '=', key.provider)
    .where('event_id', '=', key.event_id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .returningAll()
    .executeTakeFirst();
}

export async function finishWebhook(
  db: Kysely<Database>,
  key: { provider: string; event_id: string },
  changes: {
    status: string;
    processed_at?: string | null;
    next_attempt_at?: string;
    last_error?: string | null;
  },
): Promise<void> {
  await db
    .updateTable('billing_webhooks')
    .set({ ...changes, locked_until: null })
    .where('provider', '=', key.provider)
    .where('event_id', '=', key.event_id)
    .execute();
}

export async function findWebhook(
  db: Kysely<Database>,
  provider: string,
  eventId: string,
): Promise<WebhookRow | undefined> {
  return db
    .selectFrom('billing_webhooks')
    .selectAll()
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

export async function findSubscription(
  db: Kysely<Database>,
  provider: string,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_subscription_id', '=', providerSubscriptionId)
    .executeTakeFirst();
}

export async function findSubscriptionById(
  db: Kysely<Database>,
  id: string,
): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('billing_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function subscriptionsOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertSubscription(
  db: Kysely<Database>,
  row: Insertable<BillingSubscriptionsTable>,
): Promise<void> {
  await db.insertInto('billing_subscriptions').values(row).execute();
}

export async function updateSubscription(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<SubscriptionRow, 'id' | 'user_id' | 'provider' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('billing_subscriptions').set(changes).where('id', '=', id).execute();
}

/** Subscriptions reconciliation asks the provider about: not cancelled, or paid into the future. */
export async function subscriptionsToReconcile(
  db: Kysely<Database>,
  provider: string,
  now: string,
): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('provider', '=', provider)
    .where((eb) => eb.or([eb('status', '!=', 'deleted'), eb('current_period_end', '>', now)]))
    .execute();
}

export async function findPayment(
  db: Kysely<Database>,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('billing_payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
}

export async function insertPayment(
  db: Kysely<Database>,
  row: Insertable<BillingPaymentsTable>,
): Promise<void> {
  await db.insertInto('billing_payments').values(row).execute();
}

export async function updatePayment(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<PaymentRow, 'id' | 'user_id' | 'provider' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('billing_payments').set(changes).where('id', '=', id).execute();
}

export async function findPaymentOfUser(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('billing_payments')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** One page of an account's payments, newest first. */
export async function paymentsOfUser(
  db: Kysely<Database>,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: PaymentRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('billing_payments')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('paid_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('billing_payments')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/**
 * Records the account's one trial: sets `trial_started_at` only where it is still empty, so of
 * two racing starts one wins (the row lock, or SQLite's one writer). False: it had its trial.
 */
export async function claimTrial(
  db: Kysely<Database>,
  userId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ trial_started_at: at })
    .where('id', '=', userId)
    .where('trial_started_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
