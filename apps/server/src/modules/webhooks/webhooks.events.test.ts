import { randomUUID } from 'node:crypto';
import type { Invitation, WebhookEventType } from '@livent/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { addPoll, movePoll } from '../../test/polls.js';
import { sendBeacon, tokenInPage } from '../../test/stats-beacons.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { accessCookieSetBy, insertEvent, onEventsHost } from '../public/public.fixtures.js';
import { addEndpoint, caller, startReceiver, type Call } from './webhooks.fixtures.js';

// Each event type is emitted once by its real action (ADR 072), and reaches the endpoints that
// want it: one for every type, one for polls only.

const clock = testClock(new Date());
let test: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: SignedInUser;
let call: Call;

beforeAll(async () => {
  receiver = await startReceiver();
  test = await buildTestApp(
    { OUTBOUND_ALLOW: '127.0.0.1' },
    { now: clock.now, webhookSender: { pollIntervalMs: 0 } },
  );
  owner = await registerVerified(test.app);
  call = caller(test.app, owner);
  await addEndpoint(call, { url: receiver.url('/all') });
  await addEndpoint(call, { url: receiver.url('/polls'), eventTypes: ['poll.closed'] });
});
afterAll(async () => {
  await test.cleanup();
  await receiver.close();
});

/** What the receiver got at `path` since `from`, as `{ type, data }`. */
async function deliveredSince(from: number, path = '/all') {
  await test.app.services.webhookSender.runNow();
  return receiver.received
    .slice(from)
    .filter((got) => got.path === path)
    .map(
      (got) => JSON.parse(got.body) as { type: WebhookEventType; data: Record<string, unknown> },
    );
}

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('webhook events', () => {
  it('registration.created, message.created and question.approved by the page and the inbox', async () => {
    const event = await insertEvent(test.app, owner.user.id, {
      title: 'Product launch',
      accessMode: 'registration',
      messagesEnabled: true,
    });
    const from = receiver.received.length;
    const registered = await onEventsHost(
      test.app,
      `/${event.slug}/_access/register`,
      form({ name: 'Ada Lovelace', email: 'ada@example.com' }),
    );
    const cookie = accessCookieSetBy(registered);
    const asked = await onEventsHost(test.app, `/${event.slug}/_messages`, {
      method: 'POST',
      payload: { text: 'Will there be a replay?', key: randomUUID() },
      headers: { cookie },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const messageId = asked.json<{ id: string }>().id;
    const approved = await call('PATCH', `/events/${event.id}/messages/${messageId}`, {
      status: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const eventFacts = { id: event.id, slug: event.slug, title: 'Product launch' };
    const got = await deliveredSince(from);
    expect(got).toEqual([
      {
        type: 'registration.created',
        timestamp: expect.any(String),
        data: {
          event: eventFacts,
          registration: { id: expect.any(String), name: 'Ada Lovelace', email: 'ada@example.com' },
        },
      },
      {
        type: 'message.created',
        timestamp: expect.any(String),
        data: {
          event: eventFacts,
          message: {
            id: messageId,
            channelId: null,
            authorName: '',
            text: 'Will there be a replay?',
          },
        },
      },
      {
        type: 'question.approved',
        timestamp: expect.any(String),
        data: {
          event: eventFacts,
          question: { id: messageId, authorName: '', text: 'Will there be a replay?' },
        },
      },
    ]);
    // The same address again is no new registration.
    await onEventsHost(
      test.app,
      `/${event.slug}/_access/register`,
      form({ name: 'Ada Lovelace', email: 'ada@example.com' }),
    );
    expect(await deliveredSince(from + got.length)).toEqual([]);
    expect(await deliveredSince(from, '/polls')).toEqual([]);
  });

  it('invitation.signed_in and poll.closed', async () => {
    const event = await insertEvent(test.app, owner.user.id, { accessMode: 'invitation' });
    const added = await call('POST', `/events/${event.id}/invitations`, {
      name: 'Grace Hopper',
      email: 'grace@example.com',
    });
    expect(added.statusCode, added.body).toBe(201);
    const invitation = added.json<Invitation>();
    const from = receiver.received.length;
    const signedIn = await onEventsHost(
      test.app,
      `/${event.slug}/_access/invitation`,
      form({ username: invitation.username, password: invitation.password }),
    );
    expect(signedIn.statusCode, signedIn.body).toBe(303);
    const poll = await addPoll(test.app, owner, event.id);
    await movePoll(test.app, owner, event.id, poll.id, 'launch');
    await movePoll(test.app, owner, event.id, poll.id, 'close');

    expect((await deliveredSince(from)).map(({ type, data }) => [type, data])).toEqual([
      [
        'invitation.signed_in',
        expect.objectContaining({
          invitation: { id: invitation.id, name: 'Grace Hopper', email: 'grace@example.com' },
        }),
      ],
      [
        'poll.closed',
        expect.objectContaining({
          poll: { id: poll.id, kind: poll.kind, question: poll.question },
        }),
      ],
    ]);
    expect((await deliveredSince(from, '/polls')).map(({ type }) => type)).toEqual(['poll.closed']);
  });

  it('event.state_changed by a save and by the time', async () => {
    const start = new Date(clock.now().getTime() + 30 * 60_000);
    const event = await insertEvent(test.app, owner.user.id, {
      startMode: 'datetime',
      startDate: start.toISOString().slice(0, 10),
      startTime: start.toISOString().slice(11, 16),
      timeZone: 'UTC',
      durationMinutes: 600,
    });
    const from = receiver.received.length;
    const saved = await call('PATCH', `/event-settings/${event.id}`, { pageState: 'ondemand' });
    expect(saved.statusCode, saved.body).toBe(200);
    const back = await call('PATCH', `/event-settings/${event.id}`, { pageState: 'auto' });
    expect(back.statusCode, back.body).toBe(200);
    // The start passes: the next minute's pass tells it, once however often it runs.
    clock.advance(31 * 60_000);
    await test.app.services.webhookSender.runNow();
    clock.advance(60_000);
    const got = await deliveredSince(from);
    expect(got.map(({ type, data }) => [type, data.state])).toEqual([
      ['event.state_changed', { from: 'before', to: 'ondemand' }],
      ['event.state_changed', { from: 'ondemand', to: 'before' }],
      ['event.state_changed', { from: 'before', to: 'live' }],
    ]);
    clock.set(new Date());
  });

  it('attendance.updated once per person in five minutes, with what was written', async () => {
    const event = await insertEvent(test.app, owner.user.id, { accessMode: 'registration' });
    const registered = await onEventsHost(
      test.app,
      `/${event.slug}/_access/register`,
      form({ name: 'Ada Lovelace', email: 'ada@example.com' }),
    );
    const cookie = accessCookieSetBy(registered);
    const from = receiver.received.length;
    const page = await onEventsHost(test.app, `/${event.slug}`, { headers: { cookie } });
    const viewed = await sendBeacon(test.app, event, 'view', { t: tokenInPage(page.body)! });
    expect(viewed.statusCode, viewed.body).toBe(200);
    const view = viewed.json<{ v: string }>().v;
    const beat = async (minutes: number) => {
      clock.advance(minutes * 60_000);
      expect((await sendBeacon(test.app, event, 'beat', { v: view })).statusCode).toBe(204);
      await test.app.services.statsCollector.flush();
    };
    await test.app.services.statsCollector.flush();
    await beat(1);
    await beat(1);
    // Five minutes after the first notice, the next one.
    await beat(4);
    const told = (await deliveredSince(from)).filter(({ type }) => type === 'attendance.updated');
    expect(told.map(({ data }) => data)).toEqual([
      {
        event: { id: event.id, slug: event.slug, title: expect.any(String) },
        registration: { id: expect.any(String), name: 'Ada Lovelace', email: 'ada@example.com' },
        attendance: expect.objectContaining({ minutes: 0, questions: 0, polls: 0 }),
      },
      expect.objectContaining({ attendance: expect.objectContaining({ minutes: 3 }) }),
    ]);
    clock.set(new Date());
  });
});
