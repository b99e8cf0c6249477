import { randomUUID } from 'node:crypto';
import {
  DEFAULT_EVENT_SETTINGS,
  ERROR_MESSAGES,
  type Channel,
  type EventSettings,
  type RoutingRule,
} from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { callAs, createEvent, eventRow, setPlan } from '../../test/events.js';

/** A highlight of the event, through the highlights API. */
async function createHighlight(
  app: FastifyInstance,
  user: SignedInUser,
  eventId: string,
): Promise<string> {
  const response = await callAs(app, user, 'POST', `/events/${eventId}/highlights`, {
    group: '',
    title: 'Keynote',
    description: '',
    link: '',
    image: null,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('channels API', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let owner: SignedInUser;
  let event: { id: string; slug: string };

  beforeEach(async () => {
    testApp = await buildTestApp({ EVENTS_URL: 'https://events.example.com' });
    app = testApp.app;
    owner = await registerVerified(app);
    event = await createEvent(app, owner);
  });
  afterEach(async () => testApp.cleanup());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    user: SignedInUser = owner,
  ) => callAs(app, user, method, `/events/${url}`, payload);

  async function create(slug: string, title = slug.toUpperCase()): Promise<Channel> {
    const response = await call('POST', `${event.id}/channels`, { slug, title });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Channel>();
  }

  it('creates, lists, reads, changes and deletes channels, bumping the page version each time', async () => {
    const versions = [(await eventRow(app, event.id)).version];
    const version = async () => {
      versions.push((await eventRow(app, event.id)).version);
      return versions.at(-1)!;
    };

    const german = await create('de', 'Deutsch');
    expect(german).toEqual({
      id: expect.any(String),
      eventId: event.id,
      slug: 'de',
      title: 'Deutsch',
      visible: true,
      overrides: {},
      highlightIds: null,
      fullUrl: `https://events.example.com/${event.slug}/de`,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await version()).toBe(versions[0]! + 1);
    const english = await create('en', 'English');

    const list = await call('GET', `${event.id}/channels`);
    expect(list.statusCode).toBe(200);
    expect(list.json<Channel[]>().map((channel) => channel.slug)).toEqual(['de', 'en']);

    const patched = await call('PATCH', `${event.id}/channels/${german.id}`, {
      slug: 'deutsch',
      visible: false,
      overrides: { title: 'Produktstart', language: 'de', playerMode: 'videojs' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      slug: 'deutsch',
      title: 'Deutsch',
      visible: false,
      overrides: { title: 'Produktstart', language: 'de', playerMode: 'videojs' },
      fullUrl: `https://events.example.com/${event.slug}/deutsch`,
    });
    expect(await version()).toBeGreaterThan(versions.at(-2)!);

    // Overrides are replaced as a whole: leaving a field out removes its override.
    const unchecked = await call('PATCH', `${event.id}/channels/${german.id}`, {
      overrides: { language: 'de' },
    });
    expect(unchecked.json().overrides).toEqual({ language: 'de' });
    const read = await call('GET', `${event.id}/channels/${german.id}`);
    expect(read.json()).toMatchObject({ slug: 'deutsch', overrides: { language: 'de' } });

    const deleted = await call('DELETE', `${event.id}/channels/${english.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await version()).toBeGreaterThan(versions.at(-2)!);
    const after = await call('GET', `${event.id}/channels`);
    expect(after.json<Channel[]>().map((channel) => channel.id)).toEqual([german.id]);
  });

  it('keeps the free plan at 2 channels per event, also for parallel creates', async () => {
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((slug) =>
        call('POST', `${event.id}/channels`, { slug, title: slug }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 403, 403]);
    const refused = answers.find((answer) => answer.statusCode === 403)!;
    expect(refused.json()).toEqual({ code: 403, message: ERROR_MESSAGES.eventChannelLimitReached });
    const count = await app.db
      .selectFrom('channels')
      .select(app.db.fn.countAll<number>().as('count'))
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(2);

    // The limit is per event, and a better plan allows more.
    const second = await createEvent(app, owner);
    const other = await call('POST', `${second.id}/channels`, { slug: 'a', title: 'A' });
    expect(other.statusCode).toBe(201);
    await setPlan(app, owner.user.id, 'professional');
    expect((await call('POST', `${event.id}/channels`, { slug: 'e', title: 'E' })).statusCode).toBe(
      201,
    );
  });

  it('refuses a slug another channel of the event has, at the slug field', async () => {
    const first = await create('de');
    const duplicate = await call('POST', `${event.id}/channels`, { slug: 'de', title: 'Again' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      code: 409,
      message: ERROR_MESSAGES.validationFailed,
      errors: { slug: 'validation.slugInUse' },
    });
    await create('en');
    const renamed = await call('PATCH', `${event.id}/channels/${first.id}`, { slug: 'en' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errors).toEqual({ slug: 'validation.slugInUse' });
    // Its own slug is no conflict; another event may use the slug.
    const same = await call('PATCH', `${event.id}/channels/${first.id}`, { slug: 'de' });
    expect(same.statusCode).toBe(200);
    const second = await createEvent(app, owner);
    expect(
      (await call('POST', `${second.id}/channels`, { slug: 'de', title: 'DE' })).statusCode,
    ).toBe(201);
  });

  it('validates input with the shared schemas', async () => {
    const bad = await call('POST', `${event.id}/channels`, { slug: 'Not A Slug', title: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ slug: 'validation.slug', title: 'validation.required' });

    const channel = await create('de');
    const overrides = await call('PATCH', `${event.id}/channels/${channel.id}`, {
      overrides: {
        language: 'it',
        playerLink: 'javascript:alert(1)',
        accentColor: '#000000',
      },
      eventId: 'other',
    });
    expect(overrides.statusCode).toBe(400);
    expect(overrides.json().errors).toEqual({
      'overrides.language': 'validation.invalid',
      'overrides.playerLink': 'validation.url',
      // Only the fields a channel may override (CHANNEL_OVERRIDE_FIELDS).
      'overrides.accentColor': 'validation.unknownField',
      eventId: 'validation.unknownField',
    });
  });

  it('overrides the consent banner’s text only on plans with COMPLIANCE (ADR 051)', async () => {
    const channel = await create('de');
    const overrides = { language: 'de', complianceTextDe: 'Kanaltext.' };
    const refused = await call('PATCH', `${event.id}/channels/${channel.id}`, { overrides });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 403, message: ERROR_MESSAGES.featureNotAvailable });
    await setPlan(app, owner.user.id, 'professional');
    const saved = await call('PATCH', `${event.id}/channels/${channel.id}`, { overrides });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Channel>().overrides).toEqual(overrides);
    // Back on free, the stored text may be sent unchanged with other changes.
    await setPlan(app, owner.user.id, 'free');
    const kept = await call('PATCH', `${event.id}/channels/${channel.id}`, {
      overrides: { ...overrides, headline: 'Live' },
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it("accepts only the event's own highlights", async () => {
    const channel = await create('de');
    const keynote = await createHighlight(app, owner, event.id);
    const other = await createEvent(app, owner);
    const foreign = await createHighlight(app, owner, other.id);

    const refused = await call('PATCH', `${event.id}/channels/${channel.id}`, {
      highlightIds: [keynote, foreign],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 400,
      message: ERROR_MESSAGES.validationFailed,
      errors: { highlightIds: 'validation.invalid' },
    });

    const chosen = await call('PATCH', `${event.id}/channels/${channel.id}`, {
      highlightIds: [keynote, keynote],
    });
    expect(chosen.json().highlightIds).toEqual([keynote]);
    const none = await call('PATCH', `${event.id}/channels/${channel.id}`, { highlightIds: [] });
    expect(none.json().highlightIds).toEqual([]);
    const all = await call('PATCH', `${event.id}/channels/${channel.id}`, { highlightIds: null });
    expect(all.json().highlightIds).toBeNull();
  });

  it('drops the routing rules that point at a deleted channel', async () => {
    const german = await create('de');
    const english = await create('en');
    const rules: RoutingRule[] = [
      { kind: 'language', value: 'de', channelId: german.id },
      { kind: 'ip', value: '203.0.113.0/24', channelId: english.id },
      { kind: 'country', value: 'AT', channelId: german.id },
    ];
    const saved = await app.inject({
      method: 'PATCH',
      url: `/api/event-settings/${event.id}`,
      headers: owner.headers,
      payload: { channelRoutingRules: rules, headline: 'Live' },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    expect((await call('DELETE', `${event.id}/channels/${german.id}`)).statusCode).toBe(204);
    const settings = await app.inject({
      method: 'GET',
      url: `/api/event-settings/${event.id}`,
      headers: owner.headers,
    });
    expect(settings.json<EventSettings>().channelRoutingRules).toEqual([rules[1]]);
    // The rest of the settings stays as it was.
    expect(settings.json<EventSettings>()).toMatchObject({
      headline: 'Live',
      accentColor: DEFAULT_EVENT_SETTINGS.accentColor,
    });
  });

  it('answers 404 for unknown channels and for events of other accounts', async () => {
    const channel = await create('de');
    const unknownChannel = await call('GET', `${event.id}/channels/${randomUUID()}`);
    expect(unknownChannel.statusCode).toBe(404);
    expect(unknownChannel.json()).toEqual({
      code: 404,
      message: ERROR_MESSAGES.eventChannelNotFound,
    });
    for (const method of ['PATCH', 'DELETE'] as const) {
      const answer = await call(method, `${event.id}/channels/${randomUUID()}`, {});
      expect(answer.json().message).toBe(ERROR_MESSAGES.eventChannelNotFound);
    }

    // Another account's event answers like a missing one, on every route.
    const stranger = await registerVerified(app);
    const theirs = await createEvent(app, stranger);
    const theirChannel = await call(
      'POST',
      `${theirs.id}/channels`,
      { slug: 'x', title: 'X' },
      stranger,
    );
    expect(theirChannel.statusCode).toBe(201);
    const attempts = [
      call('GET', `${event.id}/channels`, undefined, stranger),
      call('POST', `${event.id}/channels`, { slug: 'y', title: 'Y' }, stranger),
      call('GET', `${event.id}/channels/${channel.id}`, undefined, stranger),
      call('PATCH', `${event.id}/channels/${channel.id}`, { title: 'Mine' }, stranger),
      call('DELETE', `${event.id}/channels/${channel.id}`, undefined, stranger),
      // Their channel through the owner's event id does not leak either.
      call('GET', `${event.id}/channels/${theirChannel.json().id}`),
      call('GET', `${randomUUID()}/channels`),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.statusCode).toBe(404);
    }
    expect((await attempts[0]!).json().message).toBe(ERROR_MESSAGES.eventNotFound);
    expect((await call('GET', `${event.id}/channels/${channel.id}`)).json().title).toBe('DE');
  });
});
