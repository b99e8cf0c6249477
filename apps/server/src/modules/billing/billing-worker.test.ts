import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { register } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { claimWebhook, findWebhook } from './billing.repository.js';
import { SandboxProvider } from './sandbox.js';

// The webhook inbox's worker (ADR 028): a failed apply is retried after a back-off and leaves
// nothing half done; a lease keeps a second instance off a webhook being applied.

const clock = testClock();
let test: TestApp;
let app: FastifyInstance;
let sandbox: SandboxProvider;

beforeAll(async () => {
  test = await buildTestApp({ BILLING_PROVIDER: 'sandbox' }, { now: clock.now });
  app = test.app;
  await app.ready();
  const provider = app.services.billing.provider;
  if (!(provider instanceof SandboxProvider)) throw new Error('the tests need the sandbox');
  sandbox = provider;
});
afterAll(() => test.cleanup());

async function deliver(userId: string, subscriptionId: string) {
  const event = sandbox.signedEvent('subscription.created', {
    id: subscriptionId,
    status: 'active',
    custom_data: { userId },
    items: [{ price: { id: 'pri_sandbox_professional_month' } }],
    current_billing_period: {
      starts_at: clock.now().toISOString(),
      ends_at: new Date(clock.now().getTime() + 30 * 86_400_000).toISOString(),
    },
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'paddle-signature': event.signature },
    payload: event.body,
  });
  expect(response.statusCode).toBe(200);
  return event.eventId;
}

const planOfUser = async (id: string) =>
  (await app.db.selectFrom('users').select('plan').where('id', '=', id).executeTakeFirstOrThrow())
    .plan;

describe('billing worker', () => {
  it('retries a webhook whose apply failed, after a back-off, without a half-applied change', async () => {
    const user = await register(app);
    const apply = vi
      .spyOn(app.services.billing, 'applyWebhook')
      .mockRejectedValueOnce(new Error('database briefly away'));
    const eventId = await deliver(user.user.id, 'sub_retry');
    await app.services.billingWorker.idle();

    const failed = await findWebhook(app.db, 'sandbox', eventId);
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'database briefly away',
      locked_until: null,
      next_attempt_at: new Date(clock.now().getTime() + 5_000).toISOString(),
    });
    expect(await planOfUser(user.user.id)).toBe('free');

    // Not due yet: a nudge changes nothing.
    app.services.billingWorker.nudge();
    await app.services.billingWorker.idle();
    expect((await findWebhook(app.db, 'sandbox', eventId))?.attempts).toBe(1);

    clock.advance(5_000);
    app.services.billingWorker.nudge();
    await app.services.billingWorker.idle();
    expect(await findWebhook(app.db, 'sandbox', eventId)).toMatchObject({
      status: 'applied',
      attempts: 2,
      last_error: null,
    });
    expect(await planOfUser(user.user.id)).toBe('professional');
    expect(apply).toHaveBeenCalledTimes(2);
    apply.mockRestore();
  });

  it("records the plan the webhook changed in the account's audit log, by Livent (ADR 069)", async () => {
    const user = await register(app);
    await deliver(user.user.id, 'sub_audit');
    await app.services.billingWorker.idle();
    const entries = await app.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'via', 'details'])
      .where('account_id', '=', user.user.id)
      .execute();
    expect(entries).toEqual([
      {
        action: 'account.plan_changed',
        actor: 'Livent',
        via: 'system',
        details: JSON.stringify({ from: 'free', to: 'professional' }),
      },
    ]);
  });

  it('lets only one instance hold the lease on a webhook', async () => {
    const user = await register(app);
    const apply = vi
      .spyOn(app.services.billing, 'applyWebhook')
      .mockRejectedValueOnce(new Error('hold it pending'));
    const eventId = await deliver(user.user.id, 'sub_lease');
    await app.services.billingWorker.idle();
    apply.mockRestore();
    clock.advance(5_000);

    const key = { provider: 'sandbox', event_id: eventId };
    const at = clock.now().toISOString();
    const until = new Date(clock.now().getTime() + 60_000).toISOString();
    expect(await claimWebhook(app.db, key, at, until)).toMatchObject({ attempts: 2 });
    expect(await claimWebhook(app.db, key, at, until)).toBeUndefined();
    // An expired lease (a crashed instance) can be taken over.
    clock.advance(61_000);
    const later = new Date(clock.now().getTime() + 60_000).toISOString();
    expect(await claimWebhook(app.db, key, clock.now().toISOString(), later)).toMatchObject({
      attempts: 3,
    });
  });
});
