import { describe, expect, it } from 'vitest';
import { PaddleProvider } from './paddle.js';
import { providerTime } from './paddle-events.js';
import { signPaddleBody, verifyPaddleSignature } from './paddle-signature.js';
import { BillingProviderError, MalformedWebhookError } from './provider.js';

// Paddle Billing's side of ADR 028 without the network: the signature check, the event parsing
// and the shape of the API calls (a fetch that records them).

const NOW = new Date('2026-11-22T10:00:00.000Z');
const PRICE_IDS = {
  'professional:month': 'pri_pm',
  'professional:year': 'pri_py',
  'business:month': 'pri_bm',
  'business:year': 'pri_by',
};

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function provider(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  const fetchStub = (async (url: string, init: RequestInit) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call);
  }) as unknown as typeof fetch;
  return {
    calls,
    paddle: new PaddleProvider({
      apiUrl: 'https://sandbox-api.paddle.com',
      apiKey: 'pdl_test_key',
      webhookSecrets: ['secret-one'],
      priceIds: PRICE_IDS,
      fetch: fetchStub,
    }),
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const subscription = {
  id: 'sub_01',
  status: 'active',
  customer_id: 'ctm_01',
  custom_data: { userId: 'user-1' },
  items: [{ price: { id: 'pri_by' }, quantity: 1 }],
  current_billing_period: {
    starts_at: '2026-11-22T10:00:00.000000Z',
    ends_at: '2027-11-22T10:00:00.000000Z',
  },
  next_billed_at: '2027-11-22T10:00:00.000000Z',
  updated_at: '2026-11-22T10:00:01.123456Z',
};

describe('verifyPaddleSignature', () => {
  const body = Buffer.from('{"event_id":"evt_1"}');

  it('accepts its own signature, within the tolerance, with any configured secret', () => {
    const header = signPaddleBody(body, 'old', NOW);
    expect(verifyPaddleSignature(header, body, ['new', 'old'], NOW)).toBe(true);
    expect(verifyPaddleSignature(header, body, ['new'], NOW)).toBe(false);
    expect(verifyPaddleSignature(header, body, ['old'], new Date(NOW.getTime() + 5_000))).toBe(
      true,
    );
    expect(verifyPaddleSignature(header, body, ['old'], new Date(NOW.getTime() + 6_000))).toBe(
      false,
    );
  });

  it('refuses changed bytes, missing parts and junk', () => {
    const header = signPaddleBody(body, 'secret', NOW);
    expect(verifyPaddleSignature(header, Buffer.from(`${body.toString()} `), ['secret'], NOW)).toBe(
      false,
    );
    for (const bad of [undefined, '', 'ts=abc;h1=00', header.split(';')[0], 'h1=zz;ts=1']) {
      expect(verifyPaddleSignature(bad, body, ['secret'], NOW)).toBe(false);
    }
    expect(verifyPaddleSignature(header, body, [], NOW)).toBe(false);
  });
});

describe('providerTime', () => {
  it('keeps the provider’s microseconds in one fixed width, in UTC', () => {
    expect(providerTime('2024-04-12T10:18:49.621022Z')).toBe('2024-04-12T10:18:49.621022Z');
    expect(providerTime('2024-04-12T10:18:49.621Z')).toBe('2024-04-12T10:18:49.621000Z');
    expect(providerTime('2024-04-12T10:18:49Z')).toBe('2024-04-12T10:18:49.000000Z');
    expect(providerTime('2024-04-12T12:18:49.6210229Z')).toBe('2024-04-12T12:18:49.621022Z');
    expect(providerTime('2024-04-13T00:18:49.000300+02:00')).toBe('2024-04-12T22:18:49.000300Z');
    // Text order is time order, also where milliseconds alone are equal.
    expect(
      providerTime('2024-04-12T10:18:49.621022Z') < providerTime('2024-04-12T10:18:49.621322Z'),
    ).toBe(true);
  });
});

describe('PaddleProvider', () => {
  it('parses subscription and transaction events into our words', () => {
    const { paddle } = provider(() => json(500, {}));
    const event = paddle.parseWebhook(
      JSON.stringify({
        event_id: 'evt_1',
        event_type: 'subscription.canceled',
        occurred_at: '2026-11-22T10:00:00.5Z',
        data: {
          ...subscription,
          status: 'canceled',
          current_billing_period: null,
          next_billed_at: null,
          canceled_at: '2026-11-22T10:00:00Z',
          unknown_future_field: { any: 1 },
        },
      }),
    );
    expect(event).toEqual({
      eventId: 'evt_1',
      type: 'subscription.canceled',
      occurredAt: '2026-11-22T10:00:00.500000Z',
      kind: 'subscription',
      subscription: {
        providerSubscriptionId: 'sub_01',
        providerCustomerId: 'ctm_01',
        userId: 'user-1',
        plan: 'business',
        interval: 'year',
        status: 'deleted',
        currentPeriodEnd: '2026-11-22T10:00:00.000Z',
        nextBillAt: null,
      },
    });

    const payment = paddle.parseWebhook(
      JSON.stringify({
        event_id: 'evt_2',
        event_type: 'transaction.completed',
        occurred_at: '2026-11-22T10:00:02Z',
        data: {
          id: 'txn_01',
          status: 'completed',
          subscription_id: 'sub_01',
          currency_code: 'EUR',
          billed_at: '2026-11-22T10:00:01Z',
          details: { totals: { grand_total: '69972' } },
          payments: [{ status: 'captured', method_details: { type: 'paypal' } }],
        },
      }),
    );
    expect(payment).toMatchObject({
      kind: 'payment',
      payment: {
        providerPaymentId: 'txn_01',
        providerSubscriptionId: 'sub_01',
        gross: 69972,
        currency: 'EUR',
        method: 'paypal',
        status: 'completed',
        paidAt: '2026-11-22T10:00:01.000Z',
      },
    });

    expect(
      paddle.parseWebhook(
        JSON.stringify({
          event_id: 'evt_3',
          event_type: 'customer.updated',
          occurred_at: '2026-11-22T10:00:02Z',
          data: {},
        }),
      ),
    ).toMatchObject({ kind: 'other' });
  });

  it('refuses bodies that are not Paddle events', () => {
    const { paddle } = provider(() => json(500, {}));
    for (const body of [
      'not json',
      '{}',
      JSON.stringify({ event_id: 'e', event_type: 'subscription.updated', occurred_at: 'later' }),
      JSON.stringify({
        event_id: 'e',
        event_type: 'subscription.updated',
        occurred_at: '2026-11-22T10:00:02Z',
        data: { id: 'sub', status: 'exploded' },
      }),
    ]) {
      expect(() => paddle.parseWebhook(body), body).toThrow(MalformedWebhookError);
    }
  });

  it('creates the checkout as a transaction with the price and the account as custom data', async () => {
    const { paddle, calls } = provider(() =>
      json(201, {
        data: { id: 'txn_1', checkout: { url: 'https://pay.example.com/?_ptxn=txn_1' } },
      }),
    );
    const url = await paddle.createCheckout({
      userId: 'user-1',
      email: 'ada@example.com',
      plan: 'professional',
      interval: 'year',
    });
    expect(url).toBe('https://pay.example.com/?_ptxn=txn_1');
    expect(calls).toEqual([
      {
        url: 'https://sandbox-api.paddle.com/transactions',
        method: 'POST',
        headers: { authorization: 'Bearer pdl_test_key', 'content-type': 'application/json' },
        body: {
          items: [{ price_id: 'pri_py', quantity: 1 }],
          custom_data: { userId: 'user-1' },
          collection_mode: 'automatic',
        },
      },
    ]);
  });

  it('changes a subscription in place, prorated', async () => {
    const { paddle, calls } = provider(() => json(200, { data: subscription }));
    await paddle.changeSubscription('sub_01', 'business', 'month');
    expect(calls[0]).toMatchObject({
      url: 'https://sandbox-api.paddle.com/subscriptions/sub_01',
      method: 'PATCH',
      body: {
        items: [{ price_id: 'pri_bm', quantity: 1 }],
        proration_billing_mode: 'prorated_immediately',
      },
    });
  });

  it('fetches a subscription for reconciliation; unknown ones are undefined', async () => {
    const { paddle } = provider((call) =>
      call.url.endsWith('/sub_01') ? json(200, { data: subscription }) : json(404, {}),
    );
    expect(await paddle.fetchSubscription('sub_01')).toMatchObject({
      updatedAt: '2026-11-22T10:00:01.123456Z',
      subscription: { plan: 'business', status: 'active', userId: 'user-1' },
    });
    expect(await paddle.fetchSubscription('sub_02')).toBeUndefined();
  });

  it('cancels a subscription at once', async () => {
    const { paddle, calls } = provider(() => json(200, { data: subscription }));
    await paddle.cancelSubscription('sub_01');
    expect(calls[0]).toMatchObject({
      url: 'https://sandbox-api.paddle.com/subscriptions/sub_01/cancel',
      method: 'POST',
      body: { effective_from: 'immediately' },
    });
  });

  it("asks for a transaction's invoice address when a receipt is opened", async () => {
    const { paddle, calls } = provider(() =>
      json(200, { data: { url: 'https://invoices.example.com/txn_01.pdf' } }),
    );
    expect(await paddle.receiptUrl('txn_01')).toBe('https://invoices.example.com/txn_01.pdf');
    expect(calls[0]).toMatchObject({
      url: 'https://sandbox-api.paddle.com/transactions/txn_01/invoice',
      method: 'GET',
    });
  });

  it('turns refusals and network failures into BillingProviderError', async () => {
    const refused = provider(() => json(400, { error: { code: 'bad_request' } })).paddle;
    await expect(
      refused.createCheckout({ userId: 'u', email: 'e', plan: 'business', interval: 'month' }),
    ).rejects.toThrow(BillingProviderError);
    const down = new PaddleProvider({
      apiUrl: 'https://sandbox-api.paddle.com',
      apiKey: 'k',
      webhookSecrets: ['s'],
      priceIds: PRICE_IDS,
      fetch: (() => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch,
    });
    await expect(down.fetchSubscription('sub_01')).rejects.toThrow(BillingProviderError);
  });
});
