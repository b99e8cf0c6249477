import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migratedTestDatabase, userRow, type MigratedTestDatabase } from '../../test/database.js';
import { appendPageEntry } from './page-log.js';
import { PAGE_LOG_RETENTION_MS, PageFeed, pageEntriesSince } from './page-feed.js';

// The page log's tail reader (ADR 057): its own retention and pruned position, the polling
// fallback's answer, and entries of a kind this version does not know.

describe('PageFeed', () => {
  let database: MigratedTestDatabase;
  const feeds: PageFeed[] = [];

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

  function feed(now?: () => Date): PageFeed {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const created = new PageFeed({ db: database.db, log, now });
    feeds.push(created);
    return created;
  }

  async function newEvent(): Promise<string> {
    const id = randomUUID();
    const at = new Date().toISOString();
    await database.db
      .insertInto('events')
      .values({
        id,
        owner_id: 'owner',
        slug: `page-${id.slice(0, 8)}`,
        title: 'Page',
        settings: '{}',
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  }

  const append = (eventId: string, data: unknown, channelId: string | null = null) =>
    appendPageEntry(database.db, {
      eventId,
      channelId,
      kind: 'reactions',
      data,
      at: new Date().toISOString(),
    });

  it('prunes entries older than a day and records how far under its own key', async () => {
    const eventId = await newEvent();
    await append(eventId, { heart: 1 });
    const last = await feed().lastSeq(eventId);
    expect(await feed().prune()).toBe(0);

    const later = feed(() => new Date(Date.now() + PAGE_LOG_RETENTION_MS + 60_000));
    expect(await later.prune()).toBeGreaterThanOrEqual(1);
    expect(await later.prunedThrough()).toBeGreaterThanOrEqual(last);
    // The message log's record is another one.
    const messages = await database.db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'message_log_pruned_through')
      .executeTakeFirst();
    expect(messages).toBeUndefined();
    const since = await pageEntriesSince(later, eventId, null, last - 1);
    expect(since.entries).toEqual([{ id: since.last, kind: 'reset', data: { seq: since.last } }]);

    // A quiet event's page stands at the pruned position, not below it: resuming from there is
    // no reset, or a polling page would be told one on every poll.
    const quiet = await newEvent();
    const standing = await pageEntriesSince(later, quiet, null, undefined);
    expect(standing.last).toBe(await later.prunedThrough());
    expect(await pageEntriesSince(later, quiet, null, standing.last)).toEqual({
      entries: [],
      last: standing.last,
    });
  });

  it('reads a page at most a batch at a time, past other channels’ entries', async () => {
    const eventId = await newEvent();
    const start = (await pageEntriesSince(feed(), eventId, null, undefined)).last;
    await append(eventId, { n: 1 }, 'other-channel');
    await append(eventId, { n: 2 });
    await append(eventId, { n: 3 }, 'other-channel');
    const first = await pageEntriesSince(feed(), eventId, null, start, 2);
    expect(first.entries.map((entry) => entry.data)).toEqual([{ n: 2 }]);
    const second = await pageEntriesSince(feed(), eventId, null, first.last, 2);
    expect(second.entries).toEqual([]);
    expect(second.last).toBe(await feed().lastSeq(eventId));
  });

  it('reads an entry of a kind it does not know as reset', async () => {
    const eventId = await newEvent();
    const start = await feed().lastSeq(eventId);
    await database.db
      .insertInto('page_log')
      .values({
        event_id: eventId,
        channel_id: null,
        kind: 'from-a-newer-version',
        data: '{}',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await feed().read(eventId, start)).map((entry) => entry.kind)).toEqual(['reset']);
  });
});
