import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  planPriceCents,
  PLAN_CURRENCY,
  type BillingInterval,
  type PurchasablePlan,
} from '@livent/shared';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { signPaddleBody, verifyPaddleSignature } from './paddle-signature.js';
import {
  parsePaddleEvent,
  priceResolverFrom,
  providerTime,
  toSubscriptionState,
  type PaddleSubscription,
} from './paddle-events.js';
import type {
  BillingEvent,
  BillingProvider,
  CheckoutInput,
  FetchedSubscription,
} from './provider.js';

/** How long a sandbox checkout link stays valid. */
const CHECKOUT_TTL_MS = 60 * 60_000;

/** Sends a signed webhook to our own webhook route; answers the HTTP status. */
export type WebhookDelivery = (body: string, signature: string) => Promise<number>;

export interface SandboxOptions {
  publicUrl: string;
  /** Signs checkout links. */
  appSecret: string;
  /** Signs webhooks with the first; accepts any (as Paddle's rotation). */
  webhookSecrets: readonly string[];
  now: Clock;
}

const checkoutTokenSchema = z.object({
  userId: z.string(),
  plan: z.enum(['professional', 'business']),
  interval: z.enum(['month', 'year']),
  expires: z.number(),
});
export type SandboxCheckout = z.infer<typeof checkoutTokenSchema>;

const SANDBOX_PRICE_IDS = {
  'professional:month': 'pri_sandbox_professional_month',
  'professional:year': 'pri_sandbox_professional_year',
  'business:month': 'pri_sandbox_business_month',
  'business:year': 'pri_sandbox_business_year',
};

const id = (prefix: string) => `${prefix}_sbx_${randomBytes(10).toString('hex')}`;

/** `date` plus one month or one year, in UTC (the end of a billing period that starts at `date`). */
export function addInterval(date: Date, interval: BillingInterval): Date {
  const next = new Date(date);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/**
 * A local stand-in for Paddle (ADR 028), for development and tests: its checkout is a page on
 * our own server, and confirming it sends Paddle-shaped, signed webhooks to our own webhook
 * route, so that the sandbox exercises the whole path a real payment takes. Its subscriptions
 * live in memory (they are gone after a restart; reconciliation then leaves ours alone).
 */
export class SandboxProvider implements BillingProvider {
  readonly name = 'sandbox';
  readonly issuesReceipts = false;
  private readonly prices = priceResolverFrom(SANDBOX_PRICE_IDS);
  private readonly subscriptions = new Map<string, PaddleSubscription>();
  private delivery: WebhookDelivery | undefined;

  constructor(private readonly options: SandboxOptions) {}

  /** Where webhooks go (the billing routes set our own webhook route). */
  setDelivery(delivery: WebhookDelivery): void {
    this.delivery = delivery;
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined, now: Date): boolean {
    return verifyPaddleSignature(signature, rawBody, this.options.webhookSecrets, now);
  }

  parseWebhook(rawBody: string): BillingEvent {
    return parsePaddleEvent(rawBody, this.prices.resolve);
  }

  async createCheckout(input: CheckoutInput): Promise<string> {
    const token = this.signCheckout({
      userId: input.userId,
      plan: input.plan,
      interval: input.interval,
      expires: this.options.now().getTime() + CHECKOUT_TTL_MS,
    });
    return `${this.options.publicUrl}/api/billing/sandbox/checkout?token=${token}`;
  }

  /** The checkout a link stands for, or undefined when it is forged or expired. */
  readCheckout(token: string): SandboxCheckout | undefined {
    const [payload, mac] = token.split('.');
    if (!payload || !mac) return undefined;
    const expected = this.mac(payload);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let parsed;
    try {
      parsed = checkoutTokenSchema.safeParse(
        JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
      );
    } catch {
      return undefined;
    }
    if (!parsed.success || parsed.data.expires <= this.options.now().getTime()) return undefined;
    return parsed.data;
  }

  /** "Pays": creates the subscription and delivers subscription.created and transaction.completed. */
  async confirmCheckout(checkout: SandboxCheckout): Promise<string> {
    const now = this.options.now();
    const subscription: PaddleSubscription = {
      id: id('sub'),
      status: 'active',
      customer_id: id('ctm'),
      custom_data: { userId: checkout.userId },
      items: [{ price: { id: this.priceId(checkout.plan, checkout.interval) } }],
      current_billing_period: {
        starts_at: now.toISOString(),
        ends_at: addInterval(now, checkout.interval).toISOString(),
      },
      next_billed_at: addInterval(now, checkout.interval).toISOString(),
      canceled_at: null,
      paused_at: null,
      updated_at: now.toISOString(),
    };
    this.subscriptions.set(subscription.id, subscription);
    await this.send('subscription.created', subscription);
    await this.sendPayment(subscription, checkout.plan, checkout.interval);
    return subscription.id;
  }

  async changeSubscription(
    providerSubscriptionId: string,
    plan: PurchasablePlan,
    interval: BillingInterval,
  ): Promise<void> {
    await this.update(providerSubscriptionId, {
      items: [{ price: { id: this.priceId(plan, interval) } }],
    });
  }

  async fetchSubscription(
    providerSubscriptionId: string,
  ): Promise<FetchedSubscription | undefined> {
    const subscription = this.subscriptions.get(providerSubscriptionId);
    if (!subscription) return undefined;
    return {
      subscription: toSubscriptionState(subscription, this.prices.resolve),
      updatedAt: providerTime(subscription.updated_at ?? this.options.now().toISOString()),
    };
  }

  async cancelSubscription(providerSubscriptionId: string): Promise<void> {
    if (!this.subscriptions.has(providerSubscriptionId)) return;
    const now = this.options.now().toISOString();
    // Not delivered: the account and its subscriptions are gone by the time it would arrive.
    await this.update(
      providerSubscriptionId,
      { status: 'canceled', canceled_at: now, current_billing_period: null, next_billed_at: null },
      { deliver: false },
    );
  }

  /** The sandbox issues no invoices. */
  async receiptUrl(): Promise<string | undefined> {
    return undefined;
  }

  /**
   * Changes a sandbox subscription as the provider would (a cancellation, a pause, a failed
   * renewal) and, unless `deliver` is false (a webhook lost on the way), tells our webhook route.
   */
  async update(
    providerSubscriptionId: string,
    changes: Partial<PaddleSubscription>,
    options: { deliver?: boolean } = {},
  ): Promise<PaddleSubscription> {
    const current = this.subscriptions.get(providerSubscriptionId);
    if (!current) throw new Error(`sandbox: no subscription ${providerSubscriptionId}`);
    const next = { ...current, ...changes, updated_at: this.options.now().toISOString() };
    this.subscriptions.set(providerSubscriptionId, next);
    if (options.deliver ?? true) await this.send('subscription.updated', next);
    return next;
  }

  /**
   * A signed Paddle-shaped event about `data`, made now, ready to post to the webhook route.
   * `occurredAt` as text is sent as it is (Paddle's carry microseconds).
   */
  signedEvent(
    type: string,
    data: object,
    options: { eventId?: string; occurredAt?: Date | string; secret?: string } = {},
  ): { body: string; signature: string; eventId: string } {
    const now = this.options.now();
    const eventId = options.eventId ?? id('evt');
    const body = JSON.stringify({
      event_id: eventId,
      event_type: type,
      occurred_at:
        typeof options.occurredAt === 'string'
          ? options.occurredAt
          : (options.occurredAt ?? now).toISOString(),
      notification_id: id('ntf'),
      data,
    });
    const secret = options.secret ?? this.options.webhookSecrets[0] ?? '';
    return { body, signature: signPaddleBody(body, secret, now), eventId };
  }

  private async sendPayment(
    subscription: PaddleSubscription,
    plan: PurchasablePlan,
    interval: BillingInterval,
  ): Promise<void> {
    const now = this.options.now().toISOString();
    await this.send('transaction.completed', {
      id: id('txn'),
      status: 'completed',
      subscription_id: subscription.id,
      customer_id: subscription.customer_id,
      custom_data: subscription.custom_data,
      currency_code: PLAN_CURRENCY,
      billed_at: now,
      created_at: now,
      // The sandbox charges 19% VAT on top of the net price, as for a German customer.
      details: {
        totals: { grand_total: String(Math.round(planPriceCents(plan, interval) * 1.19)) },
      },
      payments: [{ status: 'captured', method_details: { type: 'card' } }],
    });
  }

  private async send(type: string, data: object): Promise<void> {
    if (!this.delivery) throw new Error('sandbox: no webhook delivery set');
    const { body, signature } = this.signedEvent(type, data);
    const status = await this.delivery(body, signature);
    if (status !== 200) throw new Error(`sandbox: our webhook route answered ${status}`);
  }

  private priceId(plan: PurchasablePlan, interval: BillingInterval): string {
    return SANDBOX_PRICE_IDS[`${plan}:${interval}`];
  }

  private signCheckout(checkout: SandboxCheckout): string {
    const payload = Buffer.from(JSON.stringify(checkout)).toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.options.appSecret)
      .update(`billing-sandbox-checkout:${payload}`)
      .digest();
  }
}
