import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, HighlightsTable } from '../../db/schema.js';
import { readHighlightIds } from '../events/index.js';

export type HighlightRow = Selectable<HighlightsTable>;

/** The event's highlights in their order. */
export async function listHighlights(
  db: Kysely<Database>,
  eventId: string,
): Promise<HighlightRow[]> {
  return db
    .selectFrom('highlights')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function findHighlight(
  db: Kysely<Database>,
  eventId: string,
  highlightId: string,
): Promise<HighlightRow | undefined> {
  return db
    .selectFrom('highlights')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', highlightId)
    .executeTakeFirst();
}

export async function insertHighlight(
  db: Kysely<Database>,
  highlight: Insertable<HighlightsTable>,
): Promise<void> {
  await db.insertInto('highlights').values(highlight).execute();
}

export async function updateHighlight(
  db: Kysely<Database>,
  highlightId: string,
  changes: Updateable<HighlightsTable>,
): Promise<HighlightRow> {
  return db
    .updateTable('highlights')
    .set(changes)
    .where('id', '=', highlightId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteHighlight(db: Kysely<Database>, highlightId: string): Promise<void> {
  await db.deleteFrom('highlights').where('id', '=', highlightId).execute();
}

/**
 * Drops a deleted highlight from the channels of its event that list their highlights, so that
 * a channel saved back unchanged does not name a highlight that no longer exists.
 */
export async function removeHighlightFromChannels(
  db: Kysely<Database>,
  eventId: string,
  highlightId: string,
  updatedAt: string,
): Promise<void> {
  const channels = await db
    .selectFrom('channels')
    .select(['id', 'highlight_ids'])
    .where('event_id', '=', eventId)
    .where('highlight_ids', 'is not', null)
    .execute();
  for (const channel of channels) {
    const ids = readHighlightIds(channel.highlight_ids) ?? [];
    if (!ids.includes(highlightId)) continue;
    await db
      .updateTable('channels')
      .set({
        highlight_ids: JSON.stringify(ids.filter((id) => id !== highlightId)),
        updated_at: updatedAt,
      })
      .where('id', '=', channel.id)
      .execute();
  }
}
