import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  migratedTestDatabase,
  userRow,
  type MigratedTestDatabase,
} from '../../../test/database.js';
import { appendMessageChange } from '../message-log.js';
import {
  LOG_RETENTION_MS,
  MESSAGES_CHANNEL,
  MessageFeed,
  type FeedEntry,
  type FeedLog,
  type MessageFeedOptions,
} from './message-feed.js';

const postgres = process.env.TEST_DB === 'postgres';

function fakeLog(): FeedLog & { [K in 'info' | 'warn' | 'error']: ReturnType<typeof vi.fn> } {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as never;
}

describe('MessageFeed', () => {
  let database: MigratedTestDatabase;
  const feeds: MessageFeed[] = [];
  let eventCounter = 0;

  beforeAll(async () => {
    database = await migratedTestDatabase();
    await database.db
      .insertInto('users')
      .values(userRow('owner', new Date().toISOString()))
      .execute();
  });
  afterEach(async () => {
    await Promise.all(feeds.splice(0).map((feed) => feed.close()));
  });
  afterAll(async () => database.cleanup());

  function feed(options: Partial<MessageFeedOptions> = {}): MessageFeed {
    const created = new MessageFeed({ db: database.db, log: fakeLog(), ...options });
    feeds.push(created);
    return created;
  }

  async function newEvent(): Promise<string> {
    eventCounter += 1;
    const id = randomUUID();
    const at = new Date().toISOString();
    await database.db
      .insertInto('events')
      .values({
        id,
        owner_id: 'owner',
        slug: `feed-${eventCounter}-${id.slice(0, 6)}`,
        title: 'Feed',
        settings: '{}',
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  }

  /** A viewer message (or an internal one) and its log entry, committed together. */
  async function addMessage(eventId: string, kind: 'viewer' | 'internal' = 'viewer') {
    const id = randomUUID();
    const at = new Date().toISOString();
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('messages')
        .values({
          id,
          event_id: eventId,
          channel_id: null,
          kind,
          author_name: 'Grace',
          text: `Hello ${id}`,
          created_at: at,
          viewer_id: null,
          idempotency_key: null,
          author_user_id: null,
          pinned_at: null,
          updated_at: null,
          answer: null,
          answered_at: null,
          answered_by: null,
        })
        .execute();
      await appendMessageChange(trx, { eventId, messageId: id, change: 'created', at });
    });
    return id;
  }

  function collector() {
    const entries: FeedEntry[] = [];
    return { entries, listener: (batch: FeedEntry[]) => entries.push(...batch) };
  }

  it('hands each change after the subscription to every listener, with one read per wake-up', async () => {
    const live = feed();
    const eventId = await newEvent();
    const before = await addMessage(eventId);
    const first = collector();
    const second = collector();
    const subscription = await live.subscribe(eventId, first.listener);
    await live.subscribe(eventId, second.listener);
    expect(subscription.seq).toBe(await live.lastSeq(eventId));

    const read = vi.spyOn(live, 'read');
    const messageId = await addMessage(eventId, 'internal');
    live.notify(eventId);
    await vi.waitFor(() => expect(first.entries).toHaveLength(1));
    expect(second.entries).toEqual(first.entries);
    expect(read).toHaveBeenCalledTimes(1);
    const [entry] = first.entries;
    expect(entry?.seq).toBeGreaterThan(subscription.seq);
    expect(entry?.internal).toBe(true);
    expect(entry?.change).toMatchObject({ change: 'created', message: { id: messageId } });
    expect(first.entries.some((e) => 'message' in e.change && e.change.message.id === before)).toBe(
      false,
    );
  });

  it('prunes entries past the retention and records how far, so that a client behind it reloads', async () => {
    const eventId = await newEvent();
    await addMessage(eventId);
    const last = await feed().lastSeq(eventId);
    expect(await feed().prune()).toBe(0);
    expect(await feed().lastSeq(eventId)).toBe(last);

    const later = feed({ now: () => new Date(Date.now() + LOG_RETENTION_MS + 60_000) });
    expect(await later.prune()).toBeGreaterThanOrEqual(1);
    expect(await later.lastSeq(eventId)).toBe(0);
    expect(await later.prunedThrough()).toBeGreaterThanOrEqual(last);
    // The recorded position never goes back, and entries after it stay.
    const recorded = await later.prunedThrough();
    await addMessage(eventId);
    expect(await feed().prune()).toBe(0);
    expect(await feed().prunedThrough()).toBe(recorded);
    expect(await feed().lastSeq(eventId)).toBeGreaterThan(recorded);
  });

  it('reports a message deleted since its entry was written as deleted', async () => {
    const live = feed();
    const eventId = await newEvent();
    const subscription = await live.subscribe(eventId, () => undefined);
    const messageId = await addMessage(eventId);
    await database.db.deleteFrom('messages').where('id', '=', messageId).execute();
    const entries = await live.read(eventId, subscription.seq);
    expect(entries.map((entry) => entry.change)).toEqual([{ change: 'deleted', id: messageId }]);
  });

  it('keeps delivering when a listener throws, and logs it', async () => {
    const log = fakeLog();
    const live = feed({ log });
    const eventId = await newEvent();
    const good = collector();
    await live.subscribe(eventId, () => {
      throw new Error('broken connection');
    });
    await live.subscribe(eventId, good.listener);
    await addMessage(eventId);
    live.notify(eventId);
    await vi.waitFor(() => expect(good.entries).toHaveLength(1));
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('logs a failed read and retries it', async () => {
    const log = fakeLog();
    // The periodic read must not be what delivers: it is far away.
    const live = feed({ log, retryDelayMs: 20, pollIntervalMs: 600_000 });
    await live.start();
    const eventId = await newEvent();
    const { entries, listener } = collector();
    await live.subscribe(eventId, listener);
    const read = vi.spyOn(live, 'read').mockRejectedValueOnce(new Error('connection reset'));
    await addMessage(eventId);
    live.notify(eventId);
    await vi.waitFor(() => expect(entries).toHaveLength(1));
    expect(read).toHaveBeenCalledTimes(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('finds a change nobody notified with its periodic read', async () => {
    const live = feed({ pollIntervalMs: 50 });
    await live.start();
    const eventId = await newEvent();
    const { entries, listener } = collector();
    await live.subscribe(eventId, listener);
    // Written by another process on the same SQLite file, or its notification was lost.
    const messageId = await addMessage(eventId);
    await vi.waitFor(() => expect(entries).toHaveLength(1));
    expect(entries[0]?.change).toMatchObject({ message: { id: messageId } });
  });

  it('forgets an event when its last listener leaves, and refuses subscribers once closed', async () => {
    const live = feed();
    const eventId = await newEvent();
    const one = await live.subscribe(eventId, () => undefined);
    const two = await live.subscribe(eventId, () => undefined);
    expect(live.subscribedEvents).toBe(1);
    one.unsubscribe();
    expect(live.subscribedEvents).toBe(1);
    two.unsubscribe();
    expect(live.subscribedEvents).toBe(0);

    await live.subscribe(eventId, () => undefined);
    await live.close();
    expect(live.subscribedEvents).toBe(0);
    await expect(live.subscribe(eventId, () => undefined)).rejects.toThrow('closed');
  });

  describe.skipIf(!postgres)('on PostgreSQL (LISTEN/NOTIFY)', () => {
    let currentUrl = '';
    const listenUrl = () => currentUrl;
    beforeAll(async () => {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
        database.db,
      );
      const server = new URL(process.env.TEST_DATABASE_URL ?? '');
      server.pathname = `/${rows[0]!.name}`;
      currentUrl = server.toString();
    });

    it("commits each event's log in seq order, so a reader never passes an uncommitted entry", async () => {
      const eventId = await newEvent();
      const at = new Date().toISOString();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let firstAppended!: () => void;
      const appended = new Promise<void>((resolve) => (firstAppended = resolve));
      // The first writer appends, then holds its transaction open.
      const first = database.db.transaction().execute(async (trx) => {
        await appendMessageChange(trx, { eventId, messageId: 'first', change: 'changed', at });
        firstAppended();
        await held;
      });
      await appended;
      let secondDone = false;
      const second = appendMessageChange(database.db, {
        eventId,
        messageId: 'second',
        change: 'changed',
        at,
      }).then(() => (secondDone = true));
      // The second one either waits for the first's lock (right) or commits past it (wrong).
      await vi.waitFor(
        async () => {
          if (secondDone) return;
          const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting
            from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory'
            and datname = current_database()`.execute(database.db);
          expect(rows[0]?.waiting).toBe(1);
        },
        { timeout: 5_000 },
      );
      expect(secondDone).toBe(false);
      expect(await feed().read(eventId, 0)).toEqual([]);
      release();
      await Promise.all([first, second]);
      const entries = await feed().read(eventId, 0);
      expect(entries.map((entry) => (entry.change as { id: string }).id)).toEqual([
        'first',
        'second',
      ]);
    });

    it('wakes a feed on another connection through NOTIFY', async () => {
      // Each feed is one server instance; only the notification can wake B in time.
      const a = feed({ listenUrl: listenUrl(), pollIntervalMs: 600_000 });
      const b = feed({ listenUrl: listenUrl(), pollIntervalMs: 600_000 });
      await a.start();
      await b.start();
      expect(b.listening).toBe(true);
      const eventId = await newEvent();
      const { entries, listener } = collector();
      await b.subscribe(eventId, listener);
      const messageId = await addMessage(eventId);
      a.notify(eventId);
      await vi.waitFor(() => expect(entries).toHaveLength(1));
      expect(entries[0]?.change).toMatchObject({ change: 'created', message: { id: messageId } });
    });

    it('covers a lost notification with the periodic read', async () => {
      const b = feed({ listenUrl: listenUrl(), pollIntervalMs: 50 });
      await b.start();
      const eventId = await newEvent();
      const { entries, listener } = collector();
      await b.subscribe(eventId, listener);
      await addMessage(eventId);
      await vi.waitFor(() => expect(entries).toHaveLength(1));
    });

    it('reconnects its LISTEN connection and reads what was missed meanwhile', async () => {
      const log = fakeLog();
      const a = feed({ listenUrl: listenUrl(), pollIntervalMs: 600_000 });
      const b = feed({
        log,
        listenUrl: listenUrl(),
        pollIntervalMs: 600_000,
        reconnectMinMs: 20,
      });
      await a.start();
      await b.start();
      const eventId = await newEvent();
      const { entries, listener } = collector();
      await b.subscribe(eventId, listener);
      // A notification that never came: only the read after reconnecting finds it.
      await addMessage(eventId);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where query = ${`LISTEN ${MESSAGES_CHANNEL}`} and datname = current_database()`.execute(
        database.db,
      );
      await vi.waitFor(() => expect(entries).toHaveLength(1));
      expect(log.warn).toHaveBeenCalled();
      await vi.waitFor(() => expect(b.listening).toBe(true));
      await addMessage(eventId);
      a.notify(eventId);
      await vi.waitFor(() => expect(entries).toHaveLength(2));
    });
  });
});
