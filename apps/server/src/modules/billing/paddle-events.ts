import {
  isPlanName,
  PURCHASABLE_PLANS,
  type BillingInterval,
  type PurchasablePlan,
  type SubscriptionStatus,
} from '@livent/shared';
import { z } from 'zod';
import {
  MalformedWebhookError,
  type BillingEvent,
  type PaymentState,
  type SubscriptionState,
} from './provider.js';

/** Which plan and interval a provider price id stands for. */
export type PriceResolver = (
  priceId: string,
) => { plan: PurchasablePlan; interval: BillingInterval } | undefined;

/** Our name of a price, `plan:interval`, as PADDLE_PRICE_IDS and the sandbox use it. */
export const priceKey = (plan: PurchasablePlan, interval: BillingInterval) =>
  `${plan}:${interval}` as const;

const isoTime = z.iso.datetime({ offset: true });

// Only the fields we read; Paddle adds fields over time, which must not break parsing.
const customDataSchema = z.looseObject({ userId: z.string().max(64).optional() }).nullish();

/** Paddle Billing's subscription entity (the data of subscription.* events and GET /subscriptions/{id}). */
export const paddleSubscriptionSchema = z.looseObject({
  id: z.string().min(1).max(100),
  status: z.enum(['active', 'canceled', 'past_due', 'paused', 'trialing']),
  customer_id: z.string().max(100).nullish(),
  custom_data: customDataSchema,
  items: z
    .array(z.looseObject({ price: z.looseObject({ id: z.string().max(100) }).nullish() }))
    .default([]),
  current_billing_period: z.looseObject({ starts_at: isoTime, ends_at: isoTime }).nullish(),
  next_billed_at: isoTime.nullish(),
  canceled_at: isoTime.nullish(),
  paused_at: isoTime.nullish(),
  updated_at: isoTime.nullish(),
});
export type PaddleSubscription = z.infer<typeof paddleSubscriptionSchema>;

const paddleTransactionSchema = z.looseObject({
  id: z.string().min(1).max(100),
  status: z.string().max(40),
  subscription_id: z.string().max(100).nullish(),
  custom_data: customDataSchema,
  currency_code: z.string().max(8),
  billed_at: isoTime.nullish(),
  created_at: isoTime.nullish(),
  details: z.looseObject({
    totals: z.looseObject({ grand_total: z.string().regex(/^-?\d{1,15}$/) }),
  }),
  payments: z
    .array(
      z.looseObject({
        status: z.string().max(40).nullish(),
        method_details: z.looseObject({ type: z.string().max(40) }).nullish(),
      }),
    )
    .default([]),
});

const envelopeSchema = z.looseObject({
  event_id: z.string().min(1).max(100),
  event_type: z.string().min(1).max(100),
  occurred_at: isoTime,
  data: z.unknown(),
});

/** Paddle's subscription statuses in the spec's words: a cancelled subscription is `deleted`. */
const STATUS: Record<PaddleSubscription['status'], SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  paused: 'paused',
  canceled: 'deleted',
};

const iso = (value: string) => new Date(value).toISOString();

/**
 * A provider's time as the billing tables order by it (`occurred_at`): UTC with microseconds,
 * always six digits (`2024-04-12T10:18:49.621022Z`), so that times compare correctly as text.
 * Paddle's times carry microseconds, which `Date` (milliseconds) would drop, putting two changes
 * within one millisecond in either order (ADR 050).
 */
export function providerTime(value: string): string {
  const fraction = /T\d{2}:\d{2}:\d{2}\.(\d+)/.exec(value)?.[1] ?? '';
  const seconds = new Date(value).toISOString().slice(0, 19);
  return `${seconds}.${fraction.padEnd(6, '0').slice(0, 6)}Z`;
}

const isoOrNull = (value: string | null | undefined) => (value ? iso(value) : null);

/** A Paddle subscription in our words; prices not ours give a null plan. */
export function toSubscriptionState(
  data: PaddleSubscription,
  resolvePrice: PriceResolver,
): SubscriptionState {
  const price = data.items
    .map((item) => (item.price ? resolvePrice(item.price.id) : undefined))
    .find((found) => found !== undefined);
  const status = STATUS[data.status];
  // A cancelled or paused subscription has no billing period any more: its access ended when it
  // was cancelled or paused (a cancellation at the period's end happens at that end).
  const periodEnd =
    data.current_billing_period?.ends_at ??
    (status === 'deleted' ? data.canceled_at : status === 'paused' ? data.paused_at : null);
  return {
    providerSubscriptionId: data.id,
    providerCustomerId: data.customer_id ?? null,
    userId: data.custom_data?.userId ?? null,
    plan: price?.plan ?? null,
    interval: price?.interval ?? null,
    status,
    currentPeriodEnd: isoOrNull(periodEnd),
    nextBillAt: isoOrNull(data.next_billed_at),
  };
}

/** Parses a Paddle Billing notification (subscription.* and transaction.* events). */
export function parsePaddleEvent(rawBody: string, resolvePrice: PriceResolver): BillingEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new MalformedWebhookError('body is not JSON');
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) throw new MalformedWebhookError('not a Paddle event');
  const { event_id: eventId, event_type: type } = envelope.data;
  const base = { eventId, type, occurredAt: providerTime(envelope.data.occurred_at) };
  if (type.startsWith('subscription.')) {
    const data = paddleSubscriptionSchema.safeParse(envelope.data.data);
    if (!data.success) throw new MalformedWebhookError(`${type} without a subscription`);
    return {
      ...base,
      kind: 'subscription',
      subscription: toSubscriptionState(data.data, resolvePrice),
    };
  }
  if (type === 'transaction.completed' || type === 'transaction.payment_failed') {
    const data = paddleTransactionSchema.safeParse(envelope.data.data);
    if (!data.success) throw new MalformedWebhookError(`${type} without a transaction`);
    return { ...base, kind: 'payment', payment: toPaymentState(data.data, type, base.occurredAt) };
  }
  return { ...base, kind: 'other' };
}

function toPaymentState(
  data: z.infer<typeof paddleTransactionSchema>,
  type: string,
  occurredAt: string,
): PaymentState {
  const payment = data.payments[0];
  return {
    providerPaymentId: data.id,
    providerSubscriptionId: data.subscription_id ?? null,
    userId: data.custom_data?.userId ?? null,
    paidAt: isoOrNull(data.billed_at) ?? isoOrNull(data.created_at) ?? iso(occurredAt),
    gross: Number(data.details.totals.grand_total),
    currency: data.currency_code,
    method: payment?.method_details?.type ?? null,
    status: type === 'transaction.payment_failed' ? 'failed' : data.status,
    // Paddle's invoices are fetched on demand (their addresses expire), not stored.
    receiptUrl: null,
  };
}

/** PADDLE_PRICE_IDS: `professional:month=pri_…,professional:year=pri_…,…`. */
export function priceResolverFrom(priceIds: Record<string, string>): {
  resolve: PriceResolver;
  priceIdOf: (plan: PurchasablePlan, interval: BillingInterval) => string | undefined;
} {
  const byId = new Map<string, { plan: PurchasablePlan; interval: BillingInterval }>();
  for (const [key, id] of Object.entries(priceIds)) {
    const [plan, interval] = key.split(':');
    if (
      isPlanName(plan) &&
      (PURCHASABLE_PLANS as readonly string[]).includes(plan) &&
      (interval === 'month' || interval === 'year')
    ) {
      byId.set(id, { plan: plan as PurchasablePlan, interval });
    }
  }
  return {
    resolve: (id) => byId.get(id),
    priceIdOf: (plan, interval) => priceIds[priceKey(plan, interval)],
  };
}
