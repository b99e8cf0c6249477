import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SignedInUser } from './accounts.js';
import { callAs, createEvent, insertHighlights } from './events.js';
import { multipartFile, testPng } from './uploads.js';
import { seedViewerData } from './viewer-data.js';

/**
 * One of everything an account can have (the account export and deletion tests,
 * docs/decisions/073-data-retention-and-privacy.md): an event with every child table filled, an
 * upload, a custom domain, billing records, feedback, audit entries, and the event shared with
 * `colleague`, who also keeps an event of their own that the account acted on.
 */
export interface SeededAccount {
  eventId: string;
  uploadUrl: string;
  /** Text that occurs only in what was seeded for the account (names of viewers and the like). */
  tag: string;
}

const AT = '2026-11-20T10:00:00.000Z';

export async function seedAccount(
  app: FastifyInstance,
  owner: SignedInUser,
  colleague: SignedInUser,
): Promise<SeededAccount> {
  const { db } = app;
  const tag = `tag${randomUUID().slice(0, 8)}`;
  const event = await createEvent(app, owner, `Event of ${tag}`);
  const eventId = event.id;
  const file = multipartFile(await testPng());
  const upload = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: file.payload,
    headers: { ...file.headers, ...owner.headers },
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const uploadUrl = upload.json<{ url: string }>().url;
  const settings = await callAs(app, owner, 'PATCH', `/event-settings/${eventId}`, {
    logo: uploadUrl,
    retentionDays: 30,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  await insertHighlights(app, eventId, 1);
  const channelId = randomUUID();
  await db
    .insertInto('channels')
    .values({
      id: channelId,
      event_id: eventId,
      slug: 'en',
      title: `Channel ${tag}`,
      visible: 1,
      overrides: '{}',
      highlight_ids: null,
      created_at: AT,
      updated_at: AT,
    })
    .execute();
  const { messageId } = await seedViewerData(app, eventId, tag);
  await db
    .insertInto('message_history')
    .values({
      id: randomUUID(),
      message_id: messageId,
      action: 'approve',
      from_status: 'new',
      to_status: 'approved',
      actor_kind: 'user',
      actor_user_id: owner.user.id,
      actor_name: owner.user.name,
      created_at: AT,
    })
    .execute();
  await db
    .insertInto('message_log')
    .values({ event_id: eventId, message_id: messageId, change: 'created', created_at: AT })
    .execute();
  const pollId = randomUUID();
  await db
    .insertInto('polls')
    .values({
      id: pollId,
      event_id: eventId,
      channel_id: null,
      kind: 'text',
      question: `Poll of ${tag}`,
      options: '[]',
      quiz: 0,
      status: 'closed',
      results_shown: 0,
      position: 0,
      launched_at: AT,
      closed_at: AT,
      created_at: AT,
      updated_at: AT,
    })
    .execute();
  await db
    .insertInto('poll_votes')
    .values({
      id: randomUUID(),
      poll_id: pollId,
      viewer_id: `voter-${tag}`,
      choices: null,
      rating: null,
      text: `Answer of ${tag}`,
      text_status: 'approved',
      created_at: AT,
      updated_at: AT,
    })
    .execute();
  await db
    .insertInto('page_log')
    .values({ event_id: eventId, channel_id: null, kind: 'reload', data: '{}', created_at: AT })
    .execute();
  await db
    .insertInto('reaction_counts')
    .values({ event_id: eventId, minute: AT, reaction: 'clap', count: 3 })
    .execute();
  await db
    .insertInto('stats_hours')
    .values({
      event_id: eventId,
      hour: AT,
      channel_key: '',
      pageviews: 1,
      uniques: 1,
      viewers: 1,
      playing: 1,
    })
    .execute();
  await db
    .insertInto('stats_presence')
    .values({
      event_id: eventId,
      minute: AT,
      channel_key: '',
      view_id: `view-${tag}`,
      playing: 1,
      seen_at: AT,
    })
    .execute();
  await db
    .insertInto('stats_visitors')
    .values({ event_id: eventId, day: '2026-11-20', hash: `hash-${tag}` })
    .execute();
  await db
    .insertInto('event_sso')
    .values({
      event_id: eventId,
      issuer: `https://sso-${tag}.example.com`,
      client_id: `client-${tag}`,
      client_secret: `sso-secret-${tag}`,
      scopes: 'openid email',
      button_label: 'Sign in',
      updated_at: AT,
    })
    .execute();
  await db
    .insertInto('mail_unsubscribes')
    .values({ event_id: eventId, email: `unsubscribed-${tag}@example.com`, created_at: AT })
    .execute();
  await db
    .insertInto('import_locks')
    .values({ event_id: eventId, holder: `holder-${tag}`, expires_at: AT })
    .execute();
  await db.insertInto('event_retention').values({ event_id: eventId, last_run_at: AT }).execute();
  await db
    .insertInto('permissions')
    .values({
      id: randomUUID(),
      event_id: eventId,
      user_id: colleague.user.id,
      status: 'accepted',
      created_at: AT,
      accepted_at: AT,
    })
    .execute();
  await db
    .insertInto('owner_changes')
    .values({
      id: randomUUID(),
      event_id: eventId,
      from_user_id: owner.user.id,
      to_user_id: colleague.user.id,
      created_at: AT,
    })
    .execute();
  await db
    .insertInto('custom_domains')
    .values({
      id: randomUUID(),
      user_id: owner.user.id,
      name: `${tag}.example.com`,
      status: 'pending',
      status_detail: null,
      check_error: null,
      disabled_reason: null,
      verification_token: `verify-${tag}`,
      redirect_url: null,
      last_checked_at: null,
      next_check_at: null,
      checking_since: AT,
      locked_until: null,
      activated_at: null,
      plan_lapsed_at: null,
      created_at: AT,
    })
    .execute();
  await db
    .insertInto('billing_subscriptions')
    .values({
      id: randomUUID(),
      user_id: owner.user.id,
      provider: 'test',
      provider_subscription_id: `sub-${tag}`,
      provider_customer_id: `customer-${tag}`,
      plan: 'pro',
      interval: 'month',
      status: 'canceled',
      current_period_end: null,
      next_bill_at: null,
      occurred_at: '2026-11-20T10:00:00.000000Z',
      created_at: AT,
      updated_at: AT,
    })
    .execute();
  await db
    .insertInto('billing_payments')
    .values({
      id: randomUUID(),
      user_id: owner.user.id,
      provider: 'test',
      provider_payment_id: `payment-${tag}`,
      provider_subscription_id: `sub-${tag}`,
      paid_at: AT,
      gross: 1900,
      currency: 'EUR',
      method: 'card',
      status: 'paid',
      receipt_url: null,
      occurred_at: '2026-11-20T10:00:00.000000Z',
      created_at: AT,
    })
    .execute();
  await db
    .insertInto('feedback')
    .values({
      id: randomUUID(),
      user_id: owner.user.id,
      email: owner.email,
      message: `Feedback ${tag}`,
      created_at: AT,
    })
    .execute();
  // The owner acted on the colleague's event: the entry is in the colleague's log.
  const colleagueEvent = await createEvent(app, colleague, 'Colleague event');
  await app.services.audit.recordMany([
    {
      accountId: owner.user.id,
      eventId,
      actor: { userId: owner.user.id, name: owner.email, via: 'session', ip: '203.0.113.9' },
      action: 'event.settings_changed',
      details: { changes: [{ field: 'title', from: 'x', to: tag }] },
    },
    {
      accountId: colleague.user.id,
      eventId: colleagueEvent.id,
      actor: { userId: owner.user.id, name: owner.email, via: 'session', ip: '203.0.113.9' },
      action: 'event.settings_changed',
      details: { changes: [] },
    },
  ]);
  return { eventId, uploadUrl, tag };
}

/** Tables that hold what the account had only as an opaque key for minutes (abuse limits). */
const SHORT_LIVED_TABLES = new Set(['rate_limits', 'api_rate_limits']);

/** Every row of every table as JSON, tables by name (the migrator's own tables left out). */
export async function everyRow(app: FastifyInstance): Promise<Map<string, string>> {
  const tables = await app.db.introspection.getTables();
  const rows = new Map<string, string>();
  for (const { name } of tables) {
    if (name.startsWith('kysely_') || SHORT_LIVED_TABLES.has(name)) continue;
    const found = await app.db
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .selectFrom(name as any)
      .selectAll()
      .execute();
    rows.set(name, JSON.stringify(found));
  }
  return rows;
}
