import type { Reaction } from '@livent/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Taps of one reaction in one minute of an event, to add to the stored count. */
export interface ReactionAdd {
  minute: string;
  reaction: Reaction;
  count: number;
}

/** Whether the event still exists (an event deleted since its taps came has none to keep). */
export async function eventExists(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .select('id')
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds to the event's minute rows: one multi-row upsert (both dialects), the rows sorted so that
 * instances writing the same rows lock them in one order.
 */
export async function addReactionCounts(
  db: Db,
  eventId: string,
  rows: readonly ReactionAdd[],
): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) =>
    a.minute === b.minute ? a.reaction.localeCompare(b.reaction) : a.minute < b.minute ? -1 : 1,
  );
  await db
    .insertInto('reaction_counts')
    .values(
      sorted.map((row) => ({
        event_id: eventId,
        minute: row.minute,
        reaction: row.reaction,
        count: row.count,
      })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['event_id', 'minute', 'reaction'])
        .doUpdateSet({ count: sql`reaction_counts.count + excluded.count` }),
    )
    .execute();
}

export interface ReactionMinuteRow {
  event_id: string;
  minute: string;
  reaction: string;
  count: number;
}

/** The minute rows of some events in [from, to) (ISO minute starts), oldest first. */
export async function readReactionMinutes(
  db: Db,
  eventIds: readonly string[],
  from: string,
  to: string,
): Promise<ReactionMinuteRow[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .selectFrom('reaction_counts')
    .select(['event_id', 'minute', 'reaction', 'count'])
    .where('event_id', 'in', eventIds)
    .where('minute', '>=', from)
    .where('minute', '<', to)
    .orderBy('minute')
    .execute();
  // PostgreSQL's driver may hand integers over as text.
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
