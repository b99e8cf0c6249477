import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The durable log of message changes (ADR 025). Every write of a message appends its entry in
 * the same transaction, so that what a live client is sent is exactly what was committed; the
 * entry's `seq` is the Server-Sent Events id a reconnecting client sends back as Last-Event-ID.
 */
export type MessageChangeKind = 'created' | 'changed' | 'deleted';

export async function appendMessageChange(
  db: Kysely<Database>,
  entry: { eventId: string; messageId: string; change: MessageChangeKind; at: string },
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // A bigserial is handed out at insert, not at commit: without this lock a later entry of the
    // event could commit first, a reader would move past it, and the earlier one would never be
    // sent. Held until the commit, it makes each event's log commit in seq order (SQLite writes
    // one transaction at a time anyway).
    const key = `livent_messages:${entry.eventId}`;
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
  }
  await db
    .insertInto('message_log')
    .values({
      event_id: entry.eventId,
      message_id: entry.messageId,
      change: entry.change,
      created_at: entry.at,
    })
    .execute();
}

/**
 * The event's last log position (0 before any change): every write a viewer could see appends an
 * entry, so an unchanged position means an unchanged message tool (ADR 053). One index lookup.
 */
export async function lastMessageChange(db: Kysely<Database>, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('message_log')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/**
 * Wakes the live readers of an event after a commit: on this instance, and through PostgreSQL's
 * NOTIFY on every other one. Called after the transaction that appended to the log, never inside
 * it (a reader woken before the commit would find nothing new).
 */
export interface MessageNotifier {
  notify(eventId: string): void;
}
