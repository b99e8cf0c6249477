import type { LiveKind } from '@livent/shared';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The durable log of what open pages are told live (ADR 057). A write that open pages should
 * learn of appends its entry in the same transaction, so that what a page is sent is exactly what
 * was committed; the entry's `seq` is the Server-Sent Events id a reconnecting page sends back as
 * Last-Event-ID. After the commit the writer calls `PageNotifier.notify(eventId)`.
 */
export interface PageEntry {
  eventId: string;
  /** The one channel whose page is told; null: every page of the event. */
  channelId: string | null;
  kind: LiveKind;
  /** Serialised as JSON: the frame's data. */
  data: unknown;
  at: string;
}

export async function appendPageEntry(db: Kysely<Database>, entry: PageEntry): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // As the message log (ADR 025): a bigserial is handed out at insert, not at commit; the lock
    // makes each event's entries commit in seq order, so a reader never moves past one unseen.
    const key = `livent_page:${entry.eventId}`;
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
  }
  await db
    .insertInto('page_log')
    .values({
      event_id: entry.eventId,
      channel_id: entry.channelId,
      kind: entry.kind,
      data: JSON.stringify(entry.data),
      created_at: entry.at,
    })
    .execute();
}

/**
 * Wakes the live readers of an event's page log after a commit: on this instance, and through
 * PostgreSQL's NOTIFY on every other one. Called after the transaction, never inside it.
 */
export interface PageNotifier {
  notify(eventId: string): void;
}
