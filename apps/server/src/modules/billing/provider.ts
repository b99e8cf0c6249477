import type { BillingInterval, PurchasablePlan, SubscriptionStatus } from '@livent/shared';

/** A subscription as the provider describes it, in our words (ADR 028). */
export interface SubscriptionState {
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  /** The account named in the checkout's custom data; null when the provider sent none. */
  userId: string | null;
  /** Null when the subscription's price is not one of ours. */
  plan: PurchasablePlan | null;
  interval: BillingInterval | null;
  status: SubscriptionStatus;
  /** The end of the period paid for (the plan's expiry). */
  currentPeriodEnd: string | null;
  nextBillAt: string | null;
}

/** A payment (docs/product-spec.md section 3, "Payment history"). */
export interface PaymentState {
  providerPaymentId: string;
  providerSubscriptionId: string | null;
  userId: string | null;
  paidAt: string;
  /** Minor units, VAT included. */
  gross: number;
  currency: string;
  method: string | null;
  status: string;
  receiptUrl: string | null;
}

/** One webhook's event, parsed. */
export type BillingEvent = {
  eventId: string;
  type: string;
  /** The provider's time of the change, as `providerTime` writes it (microseconds, ADR 050). */
  occurredAt: string;
} & (
  | { kind: 'subscription'; subscription: SubscriptionState }
  | { kind: 'payment'; payment: PaymentState }
  /** An event we do not act on (it is still kept in the inbox). */
  | { kind: 'other' }
);

export interface CheckoutInput {
  userId: string;
  email: string;
  plan: PurchasablePlan;
  interval: BillingInterval;
}

/** The state of a subscription fetched from the provider, and when it last changed there. */
export interface FetchedSubscription {
  subscription: SubscriptionState;
  /** As `providerTime` writes it, to compare with the events' times. */
  updatedAt: string;
}

/**
 * A merchant-of-record reseller (ADR 028): Paddle Billing in production, the sandbox in
 * development and tests. Both speak Paddle's webhook format, so both go through one webhook path.
 */
export interface BillingProvider {
  /** Stored with subscriptions, payments and webhooks: `paddle` or `sandbox`. */
  readonly name: string;
  /** Whether completed payments have a receipt ({@link receiptUrl}). */
  readonly issuesReceipts: boolean;
  /** Whether the raw body carries a valid signature header made at most a few seconds before `now`. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined, now: Date): boolean;
  /** Parses a verified body; throws a {@link MalformedWebhookError} when it is not an event. */
  parseWebhook(rawBody: string): BillingEvent;
  /** The address where the account pays for a new subscription. */
  createCheckout(input: CheckoutInput): Promise<string>;
  /** Moves a running subscription to another plan or interval (prorated by the provider). */
  changeSubscription(
    providerSubscriptionId: string,
    plan: PurchasablePlan,
    interval: BillingInterval,
  ): Promise<void>;
  /** The subscription as the provider holds it now; undefined when it does not know it. */
  fetchSubscription(providerSubscriptionId: string): Promise<FetchedSubscription | undefined>;
  /** Ends a subscription now (the account is being deleted); a subscription it does not know is fine. */
  cancelSubscription(providerSubscriptionId: string): Promise<void>;
  /** A fresh address of a payment's receipt (invoice); undefined when there is none. */
  receiptUrl(providerPaymentId: string): Promise<string | undefined>;
}

export class MalformedWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedWebhookError';
  }
}

/** The provider could not be reached or refused: the caller answers "Changing plan failed". */
export class BillingProviderError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BillingProviderError';
  }
}
