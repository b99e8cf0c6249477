import { randomUUID } from 'node:crypto';
import type { EventSettingsPatch, LiveEntries, LiveKind } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostOf } from '../../../lib/events-origin.js';
import { registerVerified, type SignedInUser } from '../../../test/accounts.js';
import { callAs, createEvent } from '../../../test/events.js';
import { freePort } from '../../../test/ports.js';
import { isSseStream, openSse, type SseRefusal, type SseStream } from '../../../test/sse.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { appendPageEntry } from '../../live-page/index.js';
import { insertChannel, onEventsHost, type TestEvent } from '../public.fixtures.js';
import { ACCESS_COOKIE } from '../viewer-access.js';

/**
 * The viewer page's live stream and its polling fallback (ADR 057), through a real listening
 * server (inject waits for a response's end, which a stream never reaches).
 */
describe('the viewer page stream', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let base: string;
  let eventsHost: string;
  let owner: SignedInUser;
  const open: SseStream[] = [];

  beforeAll(async () => {
    // Access is checked again often, so that its end shows at once; message changes are told
    // without waiting.
    testApp = await buildTestApp(
      {},
      { pageStreams: { recheckIntervalMs: 50, messagesIntervalMs: 0 } },
    );
    app = testApp.app;
    eventsHost = hostOf(app.config.eventsUrl);
    // Under TEST_INSTANCES=2 the address is the proxy's in front of both instances.
    base = await app.listen({ port: await freePort(), host: '127.0.0.1' });
    owner = await registerVerified(app, { name: 'Owner' });
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    app.server.closeAllConnections();
    await testApp.cleanup();
  });

  function request(path: string, headers: Record<string, string> = {}) {
    return openSse(`${base}${path}`, { host: eventsHost, ...headers });
  }

  async function connect(path: string, headers: Record<string, string> = {}): Promise<SseStream> {
    const stream = await request(path, headers);
    if (!isSseStream(stream)) throw new Error(`${stream.status}: ${stream.body}`);
    open.push(stream);
    return stream;
  }

  async function save(event: TestEvent, patch: EventSettingsPatch): Promise<void> {
    const response = await callAs(app, owner, 'PATCH', `/event-settings/${event.id}`, patch);
    expect(response.statusCode, response.body).toBe(200);
  }

  /** An entry as a writer appends it: in its transaction, then the wake-up after the commit. */
  async function append(
    event: TestEvent,
    kind: LiveKind,
    data: unknown,
    channelId: string | null = null,
  ): Promise<void> {
    await app.db.transaction().execute((trx) =>
      appendPageEntry(trx, {
        eventId: event.id,
        channelId,
        kind,
        data,
        at: new Date().toISOString(),
      }),
    );
    app.services.pageFeed.notify(event.id);
  }

  async function since(event: TestEvent, query: string, headers: Record<string, string> = {}) {
    const response = await onEventsHost(app, `/${event.slug}/_live/since${query}`, { headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<LiveEntries>();
  }

  it('starts where the log stands, then sends the entries of its event and channel only', async () => {
    const event = await createEvent(app, owner, 'Live');
    const other = await createEvent(app, owner, 'Other');
    const channelId = await insertChannel(app, event.id, { slug: 'hall-b', title: 'Hall B' });
    await append(event, 'reactions', { heart: 1 });

    const main = await connect(`/${event.slug}/_live`);
    expect(main.headers['content-type']).toContain('text/event-stream');
    expect(main.headers['cache-control']).toBe('no-store');
    const ready = await main.next();
    expect(ready.event).toBe('ready');
    const hall = await connect(`/${event.slug}/_live?channel=hall-b`);
    expect((await hall.next()).event).toBe('ready');

    await append(other, 'reactions', { heart: 9 });
    await append(event, 'reactions', { applause: 2 }, channelId);
    await append(event, 'poll-removed', { id: 'p1' });

    const first = await hall.next();
    expect(first.event).toBe('reactions');
    expect(JSON.parse(first.data)).toEqual({ applause: 2 });
    const second = await hall.next();
    expect([second.event, JSON.parse(second.data)]).toEqual(['poll-removed', { id: 'p1' }]);
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));

    // The main page is not told of the channel's entry, nor of the other event's.
    const mainFrame = await main.next();
    expect([mainFrame.event, mainFrame.id]).toEqual(['poll-removed', second.id]);
    expect(Number(ready.id)).toBeLessThan(Number(first.id));
  });

  it('resumes after Last-Event-ID with every entry missed and none twice', async () => {
    const event = await createEvent(app, owner);
    const first = await connect(`/${event.slug}/_live`);
    await first.next();
    await append(event, 'reactions', { heart: 1 });
    const seen = await first.next();
    first.close();
    await append(event, 'reactions', { heart: 2 });
    await append(event, 'reactions', { heart: 3 });

    const again = await connect(`/${event.slug}/_live`, { 'last-event-id': seen.id ?? '' });
    const frames = await again.until('ready');
    expect(frames.map((frame) => JSON.parse(frame.data) as unknown)).toEqual([
      { heart: 2 },
      { heart: 3 },
      { seq: Number(frames[2]!.id) },
    ]);
    await append(event, 'reactions', { heart: 4 });
    expect(JSON.parse((await again.next()).data)).toEqual({ heart: 4 });

    // The fallback's query parameter does the same.
    const byQuery = await connect(`/${event.slug}/_live?after=${seen.id ?? ''}`);
    expect((await byQuery.until('ready')).length).toBe(4);
  });

  it('sends reset to a page resuming from before what was pruned, or from an id never given', async () => {
    const event = await createEvent(app, owner);
    await append(event, 'reactions', { heart: 1 });
    const position = (await since(event, '')).last;
    const future = await connect(`/${event.slug}/_live`, { 'last-event-id': '999999999' });
    expect((await future.next()).event).toBe('reset');

    await app.db
      .insertInto('app_meta')
      .values({ key: 'page_log_pruned_through', value: String(position), updated_at: 'x' })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: String(position) }))
      .execute();
    try {
      const old = await connect(`/${event.slug}/_live`, { 'last-event-id': String(position - 1) });
      const reset = await old.next();
      expect([reset.event, reset.id]).toEqual(['reset', String(position)]);
      expect((await since(event, `?after=${String(position - 1)}`)).entries).toEqual([
        { id: position, kind: 'reset', data: { seq: position } },
      ]);

      // A quiet event's page stands at the pruned position and resumes from it without a reset.
      const quiet = await createEvent(app, owner);
      const ready = await (await connect(`/${quiet.slug}/_live`)).next();
      expect([ready.event, ready.id]).toEqual(['ready', String(position)]);
      const resumed = await connect(`/${quiet.slug}/_live`, { 'last-event-id': ready.id ?? '' });
      expect((await resumed.next()).event).toBe('ready');
    } finally {
      await app.db.deleteFrom('app_meta').where('key', '=', 'page_log_pruned_through').execute();
    }
  });

  it('refuses a viewer still at the gate, and ends the stream when the access generation changes', async () => {
    const code = 'Meteor-Shower-42';
    const event = await createEvent(app, owner);
    await save(event, { accessMode: 'code', accessCode: code, accessShowContent: false });

    const refused = (await request(`/${event.slug}/_live`)) as SseRefusal;
    expect(refused.status).toBe(403);
    expect((await onEventsHost(app, `/${event.slug}/_live/since`)).statusCode).toBe(403);

    const granted = await onEventsHost(app, `/${event.slug}/_access/code`, {
      method: 'POST',
      payload: new URLSearchParams({ code }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const setCookie = ([] as string[]).concat(granted.headers['set-cookie'] ?? []);
    const cookie = (setCookie.find((value) => value.startsWith(`${ACCESS_COOKIE}=`)) ?? '').split(
      ';',
    )[0]!;
    const stream = await connect(`/${event.slug}/_live`, { cookie });
    expect((await stream.next()).event).toBe('ready');
    expect((await since(event, '', { cookie })).entries).toEqual([]);

    await save(event, { accessCode: 'Another-Code-7' });
    await stream.ended;
    expect(((await request(`/${event.slug}/_live`, { cookie })) as SseRefusal).status).toBe(403);
  });

  it('re-checks the streams of one event against one fresh read of it at a time', async () => {
    // Under TEST_INSTANCES=2 the services live in the instances' own processes.
    if (process.env.TEST_INSTANCES === '2') return;
    const event = await createEvent(app, owner);
    for (let page = 0; page < 20; page++) {
      const stream = await connect(`/${event.slug}/_live`);
      await stream.next();
    }
    const events = app.services.publicPages.events;
    const freshHead = vi.spyOn(events, 'freshHead');
    try {
      // About 30 rounds of checks of 20 streams (every 50 ms here), 600 checks: one read per
      // second once the read shared before the spy has expired.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const reads = freshHead.mock.calls.filter(([slug]) => slug === event.slug).length;
      expect(reads).toBeGreaterThanOrEqual(1);
      expect(reads).toBeLessThanOrEqual(3);
    } finally {
      freshHead.mockRestore();
    }
  });

  it('ends the stream of a deleted event', async () => {
    const event = await createEvent(app, owner);
    const stream = await connect(`/${event.slug}/_live`);
    await stream.next();
    await app.db.deleteFrom('events').where('id', '=', event.id).execute();
    await stream.ended;
  });

  it('tells open pages of message changes and of the organiser’s remote reload', async () => {
    const event = await createEvent(app, owner);
    await save(event, { messagesEnabled: true });
    const stream = await connect(`/${event.slug}/_live`);
    await stream.next();

    const posted = await onEventsHost(app, `/${event.slug}/_messages`, {
      method: 'POST',
      payload: { text: 'When does it start?', key: randomUUID() },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const messages = await stream.next();
    expect([messages.event, messages.id]).toEqual(['messages', undefined]);

    const reload = await callAs(app, owner, 'POST', `/events/${event.id}/remote-reload`);
    expect(reload.statusCode, reload.body).toBe(204);
    const frame = await stream.next();
    expect(frame.event).toBe('reload');
    const { reloadAt } = JSON.parse(frame.data) as { reloadAt: string };
    const state = await onEventsHost(app, `/${event.slug}/_state`);
    expect(state.json()).toEqual({ reloadAt, version: expect.any(Number) as number });
  });

  it('tells open pages when a save moves the page to another state, not on other saves', async () => {
    // An organiser of their own: the owner's plan holds only so many events.
    const organiser = await registerVerified(app, { name: 'Organiser' });
    const event = await createEvent(app, organiser);
    const save = async (_event: TestEvent, patch: EventSettingsPatch) => {
      const response = await callAs(app, organiser, 'PATCH', `/event-settings/${event.id}`, patch);
      expect(response.statusCode, response.body).toBe(200);
    };
    const stream = await connect(`/${event.slug}/_live`);
    await stream.next();

    await save(event, { pageState: 'after' });
    const moved = await stream.next();
    expect(moved.event).toBe('state');
    const first = JSON.parse(moved.data) as { state: string; version: number };
    expect(first.state).toBe('after');

    // A save of anything else tells nothing; the next frame is the next change of the times.
    await save(event, { headline: 'Welcome back' });
    await save(event, {
      pageState: 'auto',
      startMode: 'datetime',
      startDate: '2099-01-01',
      startTime: '10:00',
    });
    const timed = await stream.next();
    expect(timed.event).toBe('state');
    const second = JSON.parse(timed.data) as { state: string; version: number };
    expect(second).toEqual({ state: 'before', version: first.version + 2 });
  });

  it('tells a channel’s page when its own replay or times change', async () => {
    const organiser = await registerVerified(app, { name: 'Channel organiser' });
    const event = await createEvent(app, organiser);
    const channelId = await insertChannel(app, event.id, { slug: 'replay-hall', title: 'Hall' });
    const hall = await connect(`/${event.slug}/_live?channel=replay-hall`);
    await hall.next();
    const patch = (overrides: object) =>
      callAs(app, organiser, 'PATCH', `/events/${event.id}/channels/${channelId}`, { overrides });

    // A title is no state change; a replay link is.
    expect((await patch({ title: 'Hall A' })).statusCode).toBe(200);
    expect(
      (await patch({ title: 'Hall A', replayLink: 'https://r.example.com/1' })).statusCode,
    ).toBe(200);
    const frame = await hall.next();
    expect(frame.event).toBe('state');
    expect(JSON.parse(frame.data)).toMatchObject({ state: 'live' });
  });

  it('answers the fallback with the entries after a position, for this page only', async () => {
    const event = await createEvent(app, owner);
    const channelId = await insertChannel(app, event.id, { slug: 'hall-c', title: 'Hall C' });
    const start = await since(event, '');
    expect(start.entries).toEqual([]);
    await append(event, 'reactions', { heart: 1 }, channelId);
    await append(event, 'reactions', { heart: 2 });

    const main = await since(event, `?after=${String(start.last)}`);
    expect(main.entries).toEqual([{ id: main.last, kind: 'reactions', data: { heart: 2 } }]);
    const hall = await since(event, `?after=${String(start.last)}&channel=hall-c`);
    expect(hall.entries.map((entry) => entry.data)).toEqual([{ heart: 1 }, { heart: 2 }]);
    expect(await since(event, `?after=${String(main.last)}`)).toEqual({
      entries: [],
      last: main.last,
    });
    expect((await onEventsHost(app, `/${event.slug}/_live/since?channel=nope`)).statusCode).toBe(
      404,
    );
  });
});
