import { setImmediate } from 'node:timers/promises';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StatsRow } from './stats-series.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Rows per multi-row statement: 7 parameters each stays far under SQLite's 32,766 and
 * PostgreSQL's 65,535 bound parameters, and a fixed size keeps the statement texts few.
 */
const CHUNK = 250;

/**
 * The rows in statements of {@link CHUNK}, letting waiting requests run between two of them:
 * SQLite writes synchronously, and a flush of thousands of new page views written in one go
 * stalled every beacon for its whole length (ADR 045).
 */
async function* chunks<T>(items: readonly T[]): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += CHUNK) {
    if (i > 0) await setImmediate();
    yield items.slice(i, i + CHUNK);
  }
}

export interface MinuteAdd {
  eventId: string;
  minute: string;
  channelKey: string;
  pageviews: number;
  uniques: number;
  pageUniques: number;
  viewers: number;
  playing: number;
}

/** Adds counts to minute rows (made when missing). Rows must be sorted by key (no deadlocks). */
export async function addToMinutes(db: Db, rows: readonly MinuteAdd[]): Promise<void> {
  for await (const chunk of chunks(rows)) {
    await db
      .insertInto('stats_minutes')
      .values(
        chunk.map((row) => ({
          event_id: row.eventId,
          minute: row.minute,
          channel_key: row.channelKey,
          pageviews: row.pageviews,
          uniques: row.uniques,
          page_uniques: row.pageUniques,
          viewers: row.viewers,
          playing: row.playing,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['event_id', 'minute', 'channel_key']).doUpdateSet({
          pageviews: sql`stats_minutes.pageviews + excluded.pageviews`,
          uniques: sql`stats_minutes.uniques + excluded.uniques`,
          page_uniques: sql`stats_minutes.page_uniques + excluded.page_uniques`,
          viewers: sql`stats_minutes.viewers + excluded.viewers`,
          playing: sql`stats_minutes.playing + excluded.playing`,
        }),
      )
      .execute();
  }
}

export interface PresenceKey {
  eventId: string;
  minute: string;
  channelKey: string;
  viewId: string;
  playing: 0 | 1;
  seenAt: string;
}

/**
 * Records page views seen in minutes: one key per (event, minute, page, view) whichever instance
 * saw it; a later heartbeat moves `seen_at` on, and `playing` stays set once a heartbeat said so.
 */
export async function upsertPresence(db: Db, keys: readonly PresenceKey[]): Promise<void> {
  for await (const chunk of chunks(keys)) {
    await db
      .insertInto('stats_presence')
      .values(
        chunk.map((key) => ({
          event_id: key.eventId,
          minute: key.minute,
          channel_key: key.channelKey,
          view_id: key.viewId,
          playing: key.playing,
          seen_at: key.seenAt,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['event_id', 'minute', 'channel_key', 'view_id']).doUpdateSet({
          seen_at: sql`case when excluded.seen_at > stats_presence.seen_at then excluded.seen_at else stats_presence.seen_at end`,
          playing: sql`case when excluded.playing > stats_presence.playing then excluded.playing else stats_presence.playing end`,
        }),
      )
      .execute();
  }
}

export interface VisitorKey {
  eventId: string;
  day: string;
  hash: string;
}

/** Records today's viewers; answers those not known before (their first visit of the day). */
export async function insertVisitors(
  db: Db,
  visitors: readonly VisitorKey[],
): Promise<VisitorKey[]> {
  const fresh: VisitorKey[] = [];
  for await (const chunk of chunks(visitors)) {
    const rows = await db
      .insertInto('stats_visitors')
      .values(chunk.map((v) => ({ event_id: v.eventId, day: v.day, hash: v.hash })))
      .onConflict((conflict) => conflict.doNothing())
      .returning(['event_id', 'day', 'hash'])
      .execute();
    for (const row of rows) fresh.push({ eventId: row.event_id, day: row.day, hash: row.hash });
  }
  return fresh;
}

/** The oldest presence minute before `before`, if any (the next one to compact). */
export async function oldestPresenceMinute(db: Db, before: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('stats_presence')
    .select((eb) => eb.fn.min('minute').as('minute'))
    .where('minute', '<', before)
    .executeTakeFirst();
  return row?.minute ?? undefined;
}

/**
 * Takes every presence key of `minute` out of the table and answers them. Two instances doing
 * this at once on PostgreSQL each get a disjoint share (a row is deleted once), so a minute is
 * counted once however many instances compact it.
 */
export async function takePresence(
  db: Db,
  minute: string,
): Promise<{ event_id: string; channel_key: string; playing: number }[]> {
  return db
    .deleteFrom('stats_presence')
    .where('minute', '=', minute)
    .returning(['event_id', 'channel_key', 'playing'])
    .execute();
}

export async function oldestMinute(db: Db, before: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('stats_minutes')
    .select((eb) => eb.fn.min('minute').as('minute'))
    .where('minute', '<', before)
    .executeTakeFirst();
  return row?.minute ?? undefined;
}

/** A minute row's columns but its event. */
const MINUTE_COLUMNS = [
  'minute',
  'channel_key',
  'pageviews',
  'uniques',
  'page_uniques',
  'viewers',
  'playing',
] as const;

/** Takes the minute rows in [from, to) out of the table (each row once, as above). */
export async function takeMinutes(db: Db, from: string, to: string) {
  return db
    .deleteFrom('stats_minutes')
    .where('minute', '>=', from)
    .where('minute', '<', to)
    .returning(['event_id', ...MINUTE_COLUMNS])
    .execute();
}

export interface HourMerge {
  eventId: string;
  hour: string;
  channelKey: string;
  pageviews: number;
  uniques: number;
  pageUniques: number;
  viewers: number;
  playing: number;
}

/** Merges rolled-up minutes into hour rows: sums add, peaks keep the higher. */
export async function mergeIntoHours(db: Db, rows: readonly HourMerge[]): Promise<void> {
  for await (const chunk of chunks(rows)) {
    await db
      .insertInto('stats_hours')
      .values(
        chunk.map((row) => ({
          event_id: row.eventId,
          hour: row.hour,
          channel_key: row.channelKey,
          pageviews: row.pageviews,
          uniques: row.uniques,
          page_uniques: row.pageUniques,
          viewers: row.viewers,
          playing: row.playing,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['event_id', 'hour', 'channel_key']).doUpdateSet({
          pageviews: sql`stats_hours.pageviews + excluded.pageviews`,
          uniques: sql`stats_hours.uniques + excluded.uniques`,
          page_uniques: sql`stats_hours.page_uniques + excluded.page_uniques`,
          viewers: sql`case when excluded.viewers > stats_hours.viewers then excluded.viewers else stats_hours.viewers end`,
          playing: sql`case when excluded.playing > stats_hours.playing then excluded.playing else stats_hours.playing end`,
        }),
      )
      .execute();
  }
}

/** Which of these events still exist (hits of a deleted event are let go, not retried). */
export async function existingEventIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('events').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** Deletes the visitor hashes of days before `day`. */
export async function deleteVisitorsBefore(db: Db, day: string): Promise<void> {
  await db.deleteFrom('stats_visitors').where('day', '<', day).execute();
}

/**
 * Every stored bucket of an event in [from, to): minute rows with the presence of minutes not
 * yet compacted added, and hour rows. Indexed by each table's key (event first, then time).
 */
export async function readRows(
  db: Db,
  eventId: string,
  from: string,
  to: string,
): Promise<StatsRow[]> {
  const [minutes, presence, hours] = await Promise.all([
    db
      .selectFrom('stats_minutes')
      .select(MINUTE_COLUMNS)
      .where('event_id', '=', eventId)
      .where('minute', '>=', from)
      .where('minute', '<', to)
      .execute(),
    db
      .selectFrom('stats_presence')
      .select((eb) => [
        'minute',
        'channel_key',
        eb.fn.countAll<number>().as('viewers'),
        eb.fn.sum<number>('playing').as('playing'),
      ])
      .where('event_id', '=', eventId)
      .where('minute', '>=', from)
      .where('minute', '<', to)
      .groupBy(['minute', 'channel_key'])
      .execute(),
    db
      .selectFrom('stats_hours')
      .select(['hour', 'channel_key', 'pageviews', 'uniques', 'page_uniques', 'viewers', 'playing'])
      .where('event_id', '=', eventId)
      .where('hour', '>=', from)
      .where('hour', '<', to)
      .execute(),
  ]);
  const rows: StatsRow[] = [];
  for (const row of minutes) {
    rows.push({ t: row.minute, kind: 'minute', channelKey: row.channel_key, ...counts(row) });
  }
  for (const row of presence) {
    rows.push({
      t: row.minute,
      kind: 'minute',
      channelKey: row.channel_key,
      pageviews: 0,
      uniques: 0,
      pageUniques: 0,
      viewers: Number(row.viewers),
      playing: Number(row.playing),
    });
  }
  for (const row of hours) {
    rows.push({ t: row.hour, kind: 'hour', channelKey: row.channel_key, ...counts(row) });
  }
  return rows;
}

const counts = (row: {
  pageviews: number;
  uniques: number;
  page_uniques: number;
  viewers: number;
  playing: number;
}) => ({
  pageviews: Number(row.pageviews),
  uniques: Number(row.uniques),
  pageUniques: Number(row.page_uniques),
  viewers: Number(row.viewers),
  playing: Number(row.playing),
});

/**
 * Page views per page with a heartbeat since `since` (viewers now), for one event or several.
 * The minute bound lets the key's index find the rows; `seen_at` then trims to the window.
 */
export async function viewersNow(
  db: Db,
  eventIds: readonly string[],
  since: string,
  sinceMinute: string,
): Promise<{ event_id: string; channel_key: string; viewers: number }[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .selectFrom('stats_presence')
    .select((eb) => [
      'event_id',
      'channel_key',
      eb.fn.count<number>('view_id').distinct().as('viewers'),
    ])
    .where('event_id', 'in', eventIds)
    .where('minute', '>=', sinceMinute)
    .where('seen_at', '>=', since)
    .groupBy(['event_id', 'channel_key'])
    .execute();
  return rows.map((row) => ({ ...row, viewers: Number(row.viewers) }));
}

/** The daily salt of unique-viewer hashes, made by whichever instance asks first. */
export async function dailySalt(db: Db, key: string, fresh: string, now: string): Promise<string> {
  await db
    .insertInto('app_meta')
    .values({ key, value: fresh, updated_at: now })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** Deletes salts of days before `keepFrom` (keys `<prefix><day>`, which sort by day). */
export async function deleteSaltsBefore(db: Db, prefix: string, keepFrom: string): Promise<void> {
  await db
    .deleteFrom('app_meta')
    .where('key', 'like', `${prefix}%`)
    .where('key', '<', `${prefix}${keepFrom}`)
    .execute();
}
