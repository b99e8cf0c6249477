import { ERROR_MESSAGES } from '@livent/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { DEFAULT_WEBHOOK_SENDER_OPTIONS } from './webhook-sender.js';
import {
  addEndpoint,
  caller,
  deliveriesOf,
  startReceiver,
  type Call,
} from './webhooks.fixtures.js';

// Webhook deliveries to a receiver on loopback (ADR 072): Standard Webhooks signatures checked
// with the `standardwebhooks` library, retries on a fake clock, pausing with its mail, "send
// again" and the test event. The clock starts at the real time: the library checks the
// timestamp against its own clock.

const clock = testClock(new Date());
let test: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: SignedInUser;
let call: Call;
const delays = DEFAULT_WEBHOOK_SENDER_OPTIONS.retryDelaysMs;

beforeAll(async () => {
  receiver = await startReceiver();
  test = await buildTestApp(
    { OUTBOUND_ALLOW: '127.0.0.1' },
    { now: clock.now, webhookSender: { pollIntervalMs: 0, pauseAfterFailedDeliveries: 2 } },
  );
  owner = await registerVerified(test.app);
  call = caller(test.app, owner);
});
afterAll(async () => {
  await test.cleanup();
  await receiver.close();
});

const send = () => test.app.services.webhookSender.runNow();

async function sendTest(endpointId: string): Promise<string> {
  const response = await call('POST', `/webhooks/${endpointId}/test`);
  expect(response.statusCode, response.body).toBe(202);
  await send();
  return response.json<{ deliveryId: string }>().deliveryId;
}

const headersOf = (index: number) =>
  receiver.received[index]!.headers as unknown as Record<string, string>;

describe('webhook deliveries', () => {
  it('signs a test delivery as Standard Webhooks receivers verify it, and logs it', async () => {
    receiver.status = 200;
    const endpoint = await addEndpoint(call, { url: receiver.url() });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const before = receiver.received.length;
    const deliveryId = await sendTest(endpoint.id);

    expect(receiver.received).toHaveLength(before + 1);
    const got = receiver.received[before]!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toMatch(/^Livent-Webhooks\//);
    expect(got.headers['webhook-id']).toBe(deliveryId);
    const payload = new Webhook(endpoint.secret).verify(got.body, headersOf(before));
    expect(payload).toEqual({
      type: 'webhook.test',
      timestamp: clock.now().toISOString(),
      data: { endpointId: endpoint.id },
    });
    // Another secret's signature does not pass.
    const other = await addEndpoint(call, { url: receiver.url('/other') });
    expect(() => new Webhook(other.secret).verify(got.body, headersOf(before))).toThrow();

    const log = await deliveriesOf(call, endpoint.id);
    expect(log.deliveries).toMatchObject([
      {
        id: deliveryId,
        eventType: 'webhook.test',
        status: 'delivered',
        attempts: 1,
        lastStatusCode: 200,
      },
    ]);
    expect(log.deliveries[0]!.log[0]).toMatchObject({
      statusCode: 200,
      error: null,
      responseBody: 'ok',
    });
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one', async () => {
    receiver.status = 200;
    const endpoint = await addEndpoint(call, { url: receiver.url('/rotated') });
    const response = await call('POST', `/webhooks/${endpoint.id}/rotate-secret`);
    expect(response.statusCode, response.body).toBe(200);
    const rotated = response.json<{ secret: string }>().secret;
    expect(rotated).not.toBe(endpoint.secret);

    const before = receiver.received.length;
    await sendTest(endpoint.id);
    const headers = headersOf(before);
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(rotated).verify(receiver.received[before]!.body, headers)).toBeTruthy();
    expect(
      new Webhook(endpoint.secret).verify(receiver.received[before]!.body, headers),
    ).toBeTruthy();

    clock.advance(24 * 3_600_000 + 1_000);
    await sendTest(endpoint.id);
    expect(headersOf(before + 1)['webhook-signature']!.split(' ')).toHaveLength(1);
    clock.set(new Date());
  });

  it('retries a failing delivery on the schedule with the same id, fails it after the last, and sends it again', async () => {
    receiver.status = 500;
    const endpoint = await addEndpoint(call, { url: receiver.url('/failing') });
    const before = receiver.received.length;
    const deliveryId = await sendTest(endpoint.id);
    let [delivery] = (await deliveriesOf(call, endpoint.id)).deliveries;
    expect(delivery).toMatchObject({ status: 'retrying', attempts: 1, lastStatusCode: 500 });
    expect(delivery!.log[0]).toMatchObject({ statusCode: 500, responseBody: 'receiver says no' });

    // Not before its time.
    clock.advance(delays[0]! - 1_000);
    await send();
    expect(receiver.received).toHaveLength(before + 1);
    clock.advance(1_000);
    for (const delay of delays.slice(1)) {
      await send();
      clock.advance(delay);
    }
    await send();
    expect(receiver.received).toHaveLength(before + delays.length + 1);
    expect(
      new Set(receiver.received.slice(before).map((got) => got.headers['webhook-id'])),
    ).toEqual(new Set([deliveryId]));
    [delivery] = (await deliveriesOf(call, endpoint.id)).deliveries;
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: delays.length + 1,
      nextAttemptAt: null,
    });

    // One failed delivery does not pause it (two in a row here do); the owner sends it again.
    const listed = await call('GET', '/webhooks');
    expect(listed.json<{ endpoints: { id: string; status: string }[] }>().endpoints).toContainEqual(
      expect.objectContaining({ id: endpoint.id, status: 'failing' }),
    );
    receiver.status = 204;
    const again = await call('POST', `/webhooks/${endpoint.id}/deliveries/${deliveryId}/retry`);
    expect(again.statusCode, again.body).toBe(204);
    await send();
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(deliveryId);
    [delivery] = (await deliveriesOf(call, endpoint.id)).deliveries;
    expect(delivery).toMatchObject({ status: 'delivered', lastStatusCode: 204 });
    const after = await call('GET', `/webhooks/${endpoint.id}`);
    expect(after.json()).toMatchObject({ status: 'active' });
    clock.set(new Date());
  });

  it('pauses an endpoint whose deliveries keep failing and mails its owner; resuming sends what waited', async () => {
    receiver.status = 503;
    const endpoint = await addEndpoint(call, { url: receiver.url('/down') });
    await expect(latestMail(test.app, owner.user.email, 'webhook-paused')).rejects.toThrow(
      'no mail',
    );
    for (let round = 0; round < 2; round += 1) {
      await sendTest(endpoint.id);
      for (const delay of delays) {
        clock.advance(delay);
        await send();
      }
    }
    const paused = await call('GET', `/webhooks/${endpoint.id}`);
    expect(paused.json()).toMatchObject({ status: 'paused', pausedReason: 'failing' });
    const mail = await latestMail(test.app, owner.user.email, 'webhook-paused');
    expect(mail.text).toContain(receiver.url('/down'));
    const audit = await test.app.db
      .selectFrom('audit_log')
      .select(['action', 'via'])
      .where('account_id', '=', owner.user.id)
      .where('action', '=', 'webhook.paused')
      .execute();
    expect(audit).toEqual([{ action: 'webhook.paused', via: 'system' }]);

    // Paused: a test waits; resumed, it goes.
    const before = receiver.received.length;
    const deliveryId = await sendTest(endpoint.id);
    expect(receiver.received).toHaveLength(before);
    receiver.status = 200;
    const resumed = await call('PATCH', `/webhooks/${endpoint.id}`, { paused: false });
    expect(resumed.json()).toMatchObject({ status: 'active', pausedReason: null });
    await send();
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(deliveryId);
    clock.set(new Date());
  });

  it('refuses internal addresses and plain http to hosts the operator did not admit', async () => {
    for (const url of [
      'https://10.0.0.7/hook',
      'https://[::1]/hook',
      'https://192.168.1.10/hook',
      'https://169.254.169.254/latest',
    ]) {
      const response = await call('POST', '/webhooks', { url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors).toEqual({ url: 'validation.internalAddress' });
    }
    const http = await call('POST', '/webhooks', { url: 'http://example.com/hook' });
    expect(http.json().errors).toEqual({ url: 'validation.url' });
  });

  it("keeps other accounts' endpoints and deliveries out of reach", async () => {
    receiver.status = 200;
    const endpoint = await addEndpoint(call, { url: receiver.url('/mine') });
    const deliveryId = await sendTest(endpoint.id);
    const other = await registerVerified(test.app);
    const base = `/webhooks/${endpoint.id}`;
    for (const [method, path, body] of [
      ['GET', base],
      ['PATCH', base, { description: 'taken' }],
      ['DELETE', base],
      ['POST', `${base}/test`],
      ['POST', `${base}/rotate-secret`],
      ['GET', `${base}/deliveries`],
      ['POST', `${base}/deliveries/${deliveryId}/retry`],
    ] as const) {
      const response = await callAs(test.app, other, method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json().message).toBe(ERROR_MESSAGES.webhookNotFound);
    }
    const list = await callAs(test.app, other, 'GET', '/webhooks');
    expect(list.json()).toEqual({ endpoints: [], limit: 20 });
  });
});
