import type { AccountPlan, PaymentsPage, PlanCatalogue, User } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { insertEvent, onEventsHost } from '../public/public.fixtures.js';
import { findWebhook } from './billing.repository.js';
import { signPaddleBody } from './paddle-signature.js';
import { SandboxProvider } from './sandbox.js';

// Plans and billing through the sandbox provider (ADR 028): the checkout end to end, the webhook
// route's checks (signature, timestamp, replay, rotation), the worker applying in order, the
// reconciliation catching a lost webhook, and the effective plan's limits following.

const SECRET_NEW = 'whsec-new-0123456789abcdef0123456789';
const SECRET_OLD = 'whsec-old-0123456789abcdef0123456789';
const DAY = 24 * 60 * 60 * 1000;

const clock = testClock();
let test: TestApp;
let app: FastifyInstance;
let sandbox: SandboxProvider;

beforeAll(async () => {
  test = await buildTestApp(
    { BILLING_PROVIDER: 'sandbox', BILLING_WEBHOOK_SECRETS: `${SECRET_NEW},${SECRET_OLD}` },
    { now: clock.now },
  );
  app = test.app;
  await app.ready();
  const provider = app.services.billing.provider;
  if (!(provider instanceof SandboxProvider)) throw new Error('the tests need the sandbox');
  sandbox = provider;
});
afterAll(() => test.cleanup());

const settle = () => app.services.billingWorker.idle();

function postWebhook(body: string, signature?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'paddle-signature': signature }),
    },
    payload: body,
  });
}

async function accountPlan(user: SignedInUser): Promise<AccountPlan> {
  const response = await callAs(app, user, 'GET', '/account/plan');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccountPlan>();
}

/** Checks out through the sandbox as the browser would: the link's page, then its button. */
async function subscribe(
  user: SignedInUser,
  plan: 'professional' | 'business' = 'professional',
  interval: 'month' | 'year' = 'month',
): Promise<string> {
  const checkout = await callAs(app, user, 'POST', '/account/plan/checkout', { plan, interval });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const url = new URL(checkout.json<{ url: string }>().url);
  expect(url.origin).toBe(test.config.publicUrl);
  const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  expect(page.body).toContain(plan);
  const confirm = await app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(confirm.statusCode, confirm.body).toBe(303);
  expect(confirm.headers.location).toBe(`${test.config.publicUrl}/account/plan`);
  await settle();
  const row = await app.db
    .selectFrom('billing_subscriptions')
    .select('provider_subscription_id')
    .where('user_id', '=', user.user.id)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return row.provider_subscription_id;
}

function subscriptionData(
  id: string,
  userId: string | null,
  fields: Record<string, unknown> = {},
): Record<string, unknown> {
  const now = clock.now();
  return {
    id,
    status: 'active',
    customer_id: 'ctm_test',
    custom_data: userId ? { userId } : null,
    items: [{ price: { id: 'pri_sandbox_business_month' } }],
    current_billing_period: {
      starts_at: now.toISOString(),
      ends_at: new Date(now.getTime() + 30 * DAY).toISOString(),
    },
    next_billed_at: new Date(now.getTime() + 30 * DAY).toISOString(),
    updated_at: now.toISOString(),
    ...fields,
  };
}

describe('GET /api/plans', () => {
  it('lists prices excluding VAT, the year at half of twelve months, with the allowances', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    const catalogue = response.json<PlanCatalogue>();
    expect(catalogue.pricesIncludeVat).toBe(false);
    expect(catalogue.annualDiscountPercent).toBe(50);
    const professional = catalogue.plans.find((plan) => plan.name === 'professional');
    expect(professional?.prices).toEqual([
      { interval: 'month', amount: 4900, currency: 'EUR', monthlyAmount: 4900 },
      { interval: 'year', amount: 29400, currency: 'EUR', monthlyAmount: 2450 },
    ]);
    expect(professional?.limit).toEqual({ events: 25, channels: 10, domains: 1 });
    expect(catalogue.plans.find((plan) => plan.name === 'free')?.prices).toEqual([]);
  });
});

describe('sandbox checkout', () => {
  it('upgrades the account through the signed webhook path and records the payment', async () => {
    const user = await register(app);
    const before = await accountPlan(user);
    expect(before).toMatchObject({ plan: 'free', subscriptionStatus: null, canManage: true });

    await subscribe(user, 'professional', 'year');

    const plan = await accountPlan(user);
    expect(plan).toMatchObject({
      plan: 'professional',
      storedPlan: 'professional',
      subscriptionStatus: 'active',
      billingInterval: 'year',
      canManage: true,
    });
    const yearLater = new Date(clock.now());
    yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
    expect(plan.planExpires).toBe(yearLater.toISOString());
    expect(plan.nextBillDate).toBe(yearLater.toISOString());
    expect(plan.planAllowance.features).toContain('CUSTOM_DOMAIN');

    const self = await callAs(app, user, 'GET', '/auth/self');
    expect(self.json<{ user: User }>().user.plan).toBe('professional');

    const payments = await callAs(app, user, 'GET', '/account/payments');
    expect(payments.statusCode).toBe(200);
    const page = payments.json<PaymentsPage>();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      gross: Math.round(29400 * 1.19),
      currency: 'EUR',
      method: 'card',
      status: 'completed',
      timestamp: clock.now().toISOString(),
      // The sandbox issues no invoices.
      receiptUrl: null,
      hasReceipt: false,
    });
    const paymentId = page.items[0]?.id ?? '';
    expect(
      (await callAs(app, user, 'GET', `/account/payments/${paymentId}/receipt`)).statusCode,
    ).toBe(404);
    const stranger = await register(app);
    expect((await callAs(app, stranger, 'GET', '/account/payments')).json<PaymentsPage>()).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 25,
    });
    // A payment with a stored receipt answers it, to its owner only.
    await app.db
      .updateTable('billing_payments')
      .set({ receipt_url: 'https://receipts.example.com/1' })
      .where('id', '=', paymentId)
      .execute();
    const receipt = await callAs(app, user, 'GET', `/account/payments/${paymentId}/receipt`);
    expect(receipt.json()).toEqual({ url: 'https://receipts.example.com/1' });
    expect(
      (await callAs(app, stranger, 'GET', `/account/payments/${paymentId}/receipt`)).statusCode,
    ).toBe(404);
  });

  it('changes a running subscription in place instead of opening a second checkout', async () => {
    const user = await register(app);
    const id = await subscribe(user, 'professional', 'month');
    const change = await callAs(app, user, 'POST', '/account/plan/checkout', {
      plan: 'business',
      interval: 'month',
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json()).toEqual({ url: null });
    await settle();
    expect((await accountPlan(user)).plan).toBe('business');
    expect(
      await app.db
        .selectFrom('billing_subscriptions')
        .select('provider_subscription_id')
        .where('user_id', '=', user.user.id)
        .execute(),
    ).toEqual([{ provider_subscription_id: id }]);
  });

  it('cancels the subscription at the provider when the account is deleted', async () => {
    const user = await register(app);
    const id = await subscribe(user, 'business', 'month');
    const deleted = await callAs(app, user, 'DELETE', '/account', { password: user.password });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await sandbox.fetchSubscription(id))?.subscription.status).toBe('deleted');
    expect(
      await app.db
        .selectFrom('billing_subscriptions')
        .select('id')
        .where('provider_subscription_id', '=', id)
        .execute(),
    ).toEqual([]);
  });

  it('refuses a forged or expired checkout link', async () => {
    const forged = await app.inject({
      method: 'POST',
      url: '/api/billing/sandbox/checkout?token=eyJ1c2VySWQiOiJ4In0.AAAA',
    });
    expect(forged.statusCode).toBe(404);
    const user = await register(app);
    const checkout = await callAs(app, user, 'POST', '/account/plan/checkout', {
      plan: 'business',
      interval: 'month',
    });
    const url = new URL(checkout.json<{ url: string }>().url);
    clock.advance(2 * 60 * 60_000);
    const late = await app.inject({ method: 'POST', url: `${url.pathname}${url.search}` });
    expect(late.statusCode).toBe(404);
    const row = await app.db
      .selectFrom('users')
      .select(['plan', 'subscription_status'])
      .where('id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ plan: 'free', subscription_status: null });
  });

  it('refuses plan changes to accounts that may not manage their plan, and bad input', async () => {
    const user = await register(app);
    await setPlan(app, user.user.id, 'custom');
    const plan = await accountPlan(user);
    expect(plan).toMatchObject({ canManage: false, manageBlockedBy: 'custom-plan' });
    const refused = await callAs(app, user, 'POST', '/account/plan/checkout', {
      plan: 'business',
      interval: 'month',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'Changing plan failed' });

    const other = await register(app);
    for (const payload of [
      { plan: 'enterprise-admin', interval: 'month' },
      { plan: 'business', interval: 'week' },
      { plan: 'business', interval: 'month', userId: other.user.id },
    ]) {
      const bad = await callAs(app, other, 'POST', '/account/plan/checkout', payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('POST /api/billing/webhook', () => {
  it('stores a signed event once and answers at once; a replay changes nothing', async () => {
    const user = await register(app);
    const event = sandbox.signedEvent(
      'subscription.created',
      subscriptionData('sub_replay', user.user.id),
    );
    const first = await postWebhook(event.body, event.signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    await settle();
    expect((await findWebhook(app.db, 'sandbox', event.eventId))?.status).toBe('applied');
    expect((await accountPlan(user)).plan).toBe('business');

    const again = await postWebhook(event.body, event.signature);
    expect(again.statusCode).toBe(200);
    await settle();
    const stored = await app.db
      .selectFrom('billing_webhooks')
      .selectAll()
      .where('event_id', '=', event.eventId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.attempts).toBe(1);
  });

  it('refuses unsigned, forged, stale and future-dated deliveries and stores none', async () => {
    const user = await register(app);
    const event = sandbox.signedEvent(
      'subscription.created',
      subscriptionData('sub_forged', user.user.id),
    );
    const ts = Math.floor(clock.now().getTime() / 1000);
    const attempts = [
      undefined,
      '',
      `ts=${String(ts)}`,
      `ts=${String(ts)};h1=${'0'.repeat(64)}`,
      signPaddleBody(event.body, 'a-secret-we-do-not-have-at-all', clock.now()),
      // The right secret over another body.
      signPaddleBody(event.body.replace('sub_forged', 'sub_other'), SECRET_NEW, clock.now()),
      // Made 6 s before or after our clock: outside the tolerance.
      signPaddleBody(event.body, SECRET_NEW, new Date(clock.now().getTime() - 6_000)),
      signPaddleBody(event.body, SECRET_NEW, new Date(clock.now().getTime() + 6_000)),
    ];
    for (const signature of attempts) {
      const response = await postWebhook(event.body, signature);
      expect(response.statusCode, String(signature)).toBe(401);
      expect(response.json()).toMatchObject({ code: 401 });
    }
    expect(await findWebhook(app.db, 'sandbox', event.eventId)).toBeUndefined();

    // Within the tolerance it passes.
    const late = signPaddleBody(event.body, SECRET_NEW, new Date(clock.now().getTime() - 4_000));
    expect((await postWebhook(event.body, late)).statusCode).toBe(200);
    await settle();
  });

  it('accepts the old secret and a header with several signatures while a secret rotates', async () => {
    const user = await register(app);
    const old = sandbox.signedEvent(
      'subscription.created',
      subscriptionData('sub_rotated', user.user.id),
      { secret: SECRET_OLD },
    );
    expect((await postWebhook(old.body, old.signature)).statusCode).toBe(200);

    const both = sandbox.signedEvent(
      'subscription.updated',
      subscriptionData('sub_rotated', user.user.id),
    );
    const unknown = signPaddleBody(both.body, 'not-configured-secret-xxxxxxxx', clock.now());
    const header = `${unknown};h1=${both.signature.split('h1=')[1] ?? ''}`;
    expect((await postWebhook(both.body, header)).statusCode).toBe(200);
    await settle();
    expect((await findWebhook(app.db, 'sandbox', both.eventId))?.status).toBe('applied');
  });

  it('refuses a signed body that is not an event', async () => {
    const body = JSON.stringify({ hello: 'world' });
    const response = await postWebhook(body, signPaddleBody(body, SECRET_NEW, clock.now()));
    expect(response.statusCode).toBe(400);
  });

  it('never rolls a subscription back with an older delivery', async () => {
    const user = await register(app);
    const t0 = clock.now();
    const created = sandbox.signedEvent(
      'subscription.created',
      subscriptionData('sub_order', user.user.id),
      { occurredAt: t0 },
    );
    const pastDue = sandbox.signedEvent(
      'subscription.past_due',
      subscriptionData('sub_order', user.user.id, { status: 'past_due' }),
      { occurredAt: new Date(t0.getTime() + 2_000) },
    );
    // Delivered late: an activation that happened between the two.
    const activated = sandbox.signedEvent(
      'subscription.activated',
      subscriptionData('sub_order', user.user.id),
      { occurredAt: new Date(t0.getTime() + 1_000) },
    );
    for (const event of [created, pastDue]) {
      expect((await postWebhook(event.body, event.signature)).statusCode).toBe(200);
      await settle();
    }
    expect((await postWebhook(activated.body, activated.signature)).statusCode).toBe(200);
    await settle();
    expect((await findWebhook(app.db, 'sandbox', activated.eventId))?.status).toBe('stale');
    const plan = await accountPlan(user);
    expect(plan.subscriptionStatus).toBe('past_due');
    expect(plan).toMatchObject({ canManage: false, manageBlockedBy: 'past-due' });
  });

  it('orders deliveries at the provider’s microseconds: 300 µs apart in reverse order keep the later', async () => {
    const user = await register(app);
    const created = sandbox.signedEvent(
      'subscription.created',
      subscriptionData('sub_micro', user.user.id),
      { occurredAt: '2026-11-22T10:18:49.620000Z' },
    );
    const pastDue = sandbox.signedEvent(
      'subscription.past_due',
      subscriptionData('sub_micro', user.user.id, { status: 'past_due' }),
      { occurredAt: '2026-11-22T10:18:49.621322Z' },
    );
    // Delivered late: an activation 300 µs before the past-due, within the same millisecond.
    const activated = sandbox.signedEvent(
      'subscription.activated',
      subscriptionData('sub_micro', user.user.id),
      { occurredAt: '2026-11-22T10:18:49.621022Z' },
    );
    for (const event of [created, pastDue, activated]) {
      expect((await postWebhook(event.body, event.signature)).statusCode).toBe(200);
      await settle();
    }
    expect((await findWebhook(app.db, 'sandbox', activated.eventId))?.status).toBe('stale');
    expect((await accountPlan(user)).subscriptionStatus).toBe('past_due');
    const row = await app.db
      .selectFrom('billing_subscriptions')
      .select('occurred_at')
      .where('provider_subscription_id', '=', 'sub_micro')
      .executeTakeFirstOrThrow();
    expect(row.occurred_at).toBe('2026-11-22T10:18:49.621322Z');
  });

  it('stores but does not apply an event of a subscription and account it does not know', async () => {
    const event = sandbox.signedEvent(
      'subscription.updated',
      subscriptionData('sub_unknown', 'no-such-user'),
    );
    expect((await postWebhook(event.body, event.signature)).statusCode).toBe(200);
    await settle();
    expect((await findWebhook(app.db, 'sandbox', event.eventId))?.status).toBe('unmatched');
    expect(
      await app.db
        .selectFrom('billing_subscriptions')
        .select('id')
        .where('provider_subscription_id', '=', 'sub_unknown')
        .execute(),
    ).toEqual([]);
  });
});

describe('reconciliation and the effective plan', () => {
  it('catches a cancellation whose webhook never arrived', async () => {
    const user = await register(app);
    const id = await subscribe(user, 'professional', 'month');
    clock.advance(1_000);
    await sandbox.update(
      id,
      { status: 'canceled', canceled_at: clock.now().toISOString(), current_billing_period: null },
      { deliver: false },
    );
    expect((await accountPlan(user)).subscriptionStatus).toBe('active');

    expect(await app.services.billing.reconcile()).toBeGreaterThanOrEqual(1);
    expect(await accountPlan(user)).toMatchObject({
      plan: 'free',
      storedPlan: 'professional',
      subscriptionStatus: 'deleted',
      nextBillDate: null,
      canManage: true,
    });
    // Nothing newer at the provider: a second round changes nothing.
    expect(await app.services.billing.reconcile()).toBe(0);
  });

  it("applies the free limits to new events and channels once a downgrade's plan has lapsed", async () => {
    const user = await registerVerified(app);
    const id = await subscribe(user, 'professional', 'month');
    for (let index = 0; index < 10; index += 1) await insertEvent(app, user.user.id);
    const event = await insertEvent(app, user.user.id);
    for (const slug of ['one', 'two']) {
      const channel = await callAs(app, user, 'POST', `/events/${event.id}/channels`, {
        slug,
        title: slug,
      });
      expect(channel.statusCode, channel.body).toBe(201);
    }
    // Eleven events and two channels are within professional's limits.
    const allowed = await callAs(app, user, 'POST', '/events', { title: 'Twelfth' });
    expect(allowed.statusCode, allowed.body).toBe(201);
    const third = await callAs(app, user, 'POST', `/events/${event.id}/channels`, {
      slug: 'three',
      title: 'three',
    });
    expect(third.statusCode, third.body).toBe(201);

    clock.advance(1_000);
    await sandbox.update(id, {
      status: 'canceled',
      canceled_at: clock.now().toISOString(),
      current_billing_period: null,
    });
    await settle();

    // The existing events and channels stay; new ones count against free's 10 events and 2 channels.
    const refused = await callAs(app, user, 'POST', '/events', { title: 'Thirteenth' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'Event limit reached' });
    const channel = await callAs(app, user, 'POST', `/events/${event.id}/channels`, {
      slug: 'four',
      title: 'four',
    });
    expect(channel.statusCode).toBe(403);
    expect(channel.json()).toMatchObject({ message: 'EventChannel limit reached' });
    const events = await callAs(app, user, 'GET', '/events');
    expect(events.json<unknown[]>()).toHaveLength(12);
    // A save may keep a paid setting but not turn one on.
    const save = await callAs(app, user, 'PATCH', `/event-settings/${event.id}`, {
      hideFooterLogo: true,
    });
    expect(save.statusCode).toBe(403);
    expect(save.json()).toMatchObject({ message: 'Feature not available on your plan' });
  });

  it('takes the features of a lapsed plan away: the login list and single sign-on answer 403', async () => {
    const user = await register(app);
    const event = await insertEvent(app, user.user.id);
    const expires = new Date(clock.now().getTime() + 60_000).toISOString();
    await app.db
      .updateTable('users')
      .set({ plan: 'business', plan_expires: expires, subscription_status: 'deleted' })
      .where('id', '=', user.user.id)
      .execute();
    clock.advance(1_000);
    expect((await callAs(app, user, 'GET', `/events/${event.id}/logins`)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await callAs(app, user, 'GET', `/events/${event.id}/logins`)).statusCode).toBe(403);
    const sso = await callAs(app, user, 'PATCH', `/events/${event.id}/sso`, {
      buttonLabel: 'Company account',
    });
    expect(sso.statusCode).toBe(403);
    expect(sso.json()).toMatchObject({ message: 'Feature not available on your plan' });
  });

  it('shows the footer logo again on the public page once the plan has lapsed, on a page never saved under it', async () => {
    const user = await register(app);
    const event = await insertEvent(app, user.user.id, { hideFooterLogo: true });
    await app.db
      .updateTable('users')
      .set({
        plan: 'professional',
        plan_expires: new Date(clock.now().getTime() + 60_000).toISOString(),
        subscription_status: 'deleted',
      })
      .where('id', '=', user.user.id)
      .execute();
    expect((await onEventsHost(app, `/${event.slug}`)).body).not.toContain('class="lv-powered"');
    // Past the expiry and the page head's revalidation.
    clock.advance(2 * 60_000);
    const page = await onEventsHost(app, `/${event.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('class="lv-powered"');
  });

  it('downgrades an expired trial to free in the user answer', async () => {
    const user = await register(app);
    await app.db
      .updateTable('users')
      .set({ plan: 'trial', plan_expires: new Date(clock.now().getTime() + 60_000).toISOString() })
      .where('id', '=', user.user.id)
      .execute();
    clock.advance(1_000);
    expect((await accountPlan(user)).plan).toBe('trial');
    // Past the end, within the access token's lifetime.
    clock.advance(60_000);
    const self = (await callAs(app, user, 'GET', '/auth/self')).json<{ user: User }>().user;
    expect(self).toMatchObject({ plan: 'free', planExpiresInDays: -1 });
    expect(self.planAllowance.features).toEqual([]);
  });
});

describe('when the provider fails or billing is not set up', () => {
  it('answers "Changing plan failed" (502) when Paddle cannot be reached, and changes nothing', async () => {
    const paddle = await buildTestApp({
      BILLING_PROVIDER: 'paddle',
      // A closed local port: the call fails at once, and Paddle itself is never called.
      PADDLE_API_URL: 'http://127.0.0.1:9',
      PADDLE_API_KEY: 'pdl_test_key',
      BILLING_WEBHOOK_SECRETS: SECRET_NEW,
      PADDLE_PRICE_IDS:
        'professional:month=pri_pm,professional:year=pri_py,business:month=pri_bm,business:year=pri_by',
    });
    try {
      const user = await register(paddle.app);
      const response = await callAs(paddle.app, user, 'POST', '/account/plan/checkout', {
        plan: 'professional',
        interval: 'month',
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ code: 502, message: 'Changing plan failed' });
      const row = await paddle.app.db
        .selectFrom('users')
        .select('plan')
        .where('id', '=', user.user.id)
        .executeTakeFirstOrThrow();
      expect(row.plan).toBe('free');

      // An account whose subscription cannot be cancelled stays, rather than go on being billed.
      const at = new Date().toISOString();
      await paddle.app.db
        .insertInto('billing_subscriptions')
        .values({
          id: 'local-sub',
          user_id: user.user.id,
          provider: 'paddle',
          provider_subscription_id: 'sub_paddle',
          provider_customer_id: null,
          plan: 'professional',
          interval: 'month',
          status: 'active',
          current_period_end: null,
          next_bill_at: null,
          occurred_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const deletion = await callAs(paddle.app, user, 'DELETE', '/account', {
        password: user.password,
      });
      expect(deletion.statusCode).toBe(502);
      expect(
        await paddle.app.db
          .selectFrom('users')
          .select('id')
          .where('id', '=', user.user.id)
          .execute(),
      ).toHaveLength(1);
    } finally {
      await paddle.cleanup();
    }
  });

  it('offers no checkout and knows no webhook without a provider', async () => {
    const none = await buildTestApp({ BILLING_PROVIDER: 'none' });
    try {
      const user = await register(none.app);
      const checkout = await callAs(none.app, user, 'POST', '/account/plan/checkout', {
        plan: 'professional',
        interval: 'month',
      });
      expect(checkout.statusCode).toBe(503);
      expect(checkout.json()).toMatchObject({ message: 'Changing plan failed' });
      const webhook = await none.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        payload: { event_id: 'evt_1' },
      });
      expect(webhook.statusCode).toBe(404);
      const sandboxPage = await none.app.inject({
        method: 'GET',
        url: '/api/billing/sandbox/checkout?token=x',
      });
      expect(sandboxPage.statusCode).toBe(404);
    } finally {
      await none.cleanup();
    }
  });
});
