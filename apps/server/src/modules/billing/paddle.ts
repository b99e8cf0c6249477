import type { BillingInterval, PurchasablePlan } from '@livent/shared';
import { z } from 'zod';
import { verifyPaddleSignature } from './paddle-signature.js';
import {
  paddleSubscriptionSchema,
  parsePaddleEvent,
  priceResolverFrom,
  providerTime,
  toSubscriptionState,
} from './paddle-events.js';
import {
  BillingProviderError,
  type BillingEvent,
  type BillingProvider,
  type CheckoutInput,
  type FetchedSubscription,
} from './provider.js';

export interface PaddleOptions {
  /** https://api.paddle.com, or https://sandbox-api.paddle.com for Paddle's own sandbox. */
  apiUrl: string;
  apiKey: string;
  /** The notification destination's secrets; several while one rotates. */
  webhookSecrets: readonly string[];
  /** `plan:interval` → Paddle price id. */
  priceIds: Record<string, string>;
  /** Injected in tests of the request shapes; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const checkoutAnswerSchema = z.looseObject({
  data: z.looseObject({ checkout: z.looseObject({ url: z.url() }).nullish() }),
});
const subscriptionAnswerSchema = z.looseObject({ data: paddleSubscriptionSchema });
const invoiceAnswerSchema = z.looseObject({ data: z.looseObject({ url: z.url() }) });

/**
 * Paddle Billing (ADR 028): a merchant of record, so VAT and invoices are theirs. The checkout
 * is a transaction created through the API whose `checkout.url` is Paddle's hosted checkout
 * (the account's default payment link); the account's id travels as custom data and comes back
 * in every subscription and transaction event.
 */
export class PaddleProvider implements BillingProvider {
  readonly name = 'paddle';
  readonly issuesReceipts = true;
  private readonly prices;

  constructor(private readonly options: PaddleOptions) {
    this.prices = priceResolverFrom(options.priceIds);
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined, now: Date): boolean {
    return verifyPaddleSignature(signature, rawBody, this.options.webhookSecrets, now);
  }

  parseWebhook(rawBody: string): BillingEvent {
    return parsePaddleEvent(rawBody, this.prices.resolve);
  }

  async createCheckout(input: CheckoutInput): Promise<string> {
    const answer = await this.request('POST', '/transactions', {
      items: [{ price_id: this.priceId(input.plan, input.interval), quantity: 1 }],
      custom_data: { userId: input.userId },
      collection_mode: 'automatic',
    });
    const parsed = checkoutAnswerSchema.safeParse(answer);
    const url = parsed.success ? parsed.data.data.checkout?.url : undefined;
    if (!url) throw new BillingProviderError('Paddle answered a transaction without checkout URL');
    return url;
  }

  async changeSubscription(
    providerSubscriptionId: string,
    plan: PurchasablePlan,
    interval: BillingInterval,
  ): Promise<void> {
    await this.request('PATCH', `/subscriptions/${encodeURIComponent(providerSubscriptionId)}`, {
      items: [{ price_id: this.priceId(plan, interval), quantity: 1 }],
      proration_billing_mode: 'prorated_immediately',
    });
  }

  async fetchSubscription(
    providerSubscriptionId: string,
  ): Promise<FetchedSubscription | undefined> {
    const answer = await this.request(
      'GET',
      `/subscriptions/${encodeURIComponent(providerSubscriptionId)}`,
    );
    if (answer === undefined) return undefined;
    const parsed = subscriptionAnswerSchema.safeParse(answer);
    if (!parsed.success)
      throw new BillingProviderError('Paddle answered an unexpected subscription');
    const { data } = parsed.data;
    if (!data.updated_at) throw new BillingProviderError('Paddle subscription without updated_at');
    return {
      subscription: toSubscriptionState(data, this.prices.resolve),
      updatedAt: providerTime(data.updated_at),
    };
  }

  async cancelSubscription(providerSubscriptionId: string): Promise<void> {
    await this.request(
      'POST',
      `/subscriptions/${encodeURIComponent(providerSubscriptionId)}/cancel`,
      { effective_from: 'immediately' },
    );
  }

  /** Paddle's invoice PDF address for a completed transaction; it expires, so it is never stored. */
  async receiptUrl(providerPaymentId: string): Promise<string | undefined> {
    const answer = await this.request(
      'GET',
      `/transactions/${encodeURIComponent(providerPaymentId)}/invoice`,
    );
    if (answer === undefined) return undefined;
    const parsed = invoiceAnswerSchema.safeParse(answer);
    if (!parsed.success) throw new BillingProviderError('Paddle answered an unexpected invoice');
    return parsed.data.data.url;
  }

  private priceId(plan: PurchasablePlan, interval: BillingInterval): string {
    const id = this.prices.priceIdOf(plan, interval);
    if (!id) throw new BillingProviderError(`no Paddle price configured for ${plan}:${interval}`);
    return id;
  }

  /** One API call; a 404 answers undefined, other failures throw a {@link BillingProviderError}. */
  private async request(method: string, path: string, body?: object): Promise<unknown> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(`${this.options.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new BillingProviderError(`Paddle ${method} ${path} failed`, { cause: error });
    }
    if (response.status === 404) return undefined;
    if (!response.ok) {
      // Paddle's error object names the problem (never a secret); the API key is not echoed.
      const detail = await response.text().catch(() => '');
      throw new BillingProviderError(
        `Paddle ${method} ${path} answered ${response.status}: ${detail.slice(0, 300)}`,
      );
    }
    return response.json();
  }
}
