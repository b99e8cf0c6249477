import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The tables whose rows an event keeps in an order of its own (a `position` column). */
export type OrderedTable = 'highlights' | 'polls';

/** Positions 0, 1, 2, … in the order of `ids`. */
export async function setPositions(
  db: Kysely<Database>,
  table: OrderedTable,
  ids: readonly string[],
  updatedAt: string,
): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db
      .updateTable(table)
      .set({ position, updated_at: updatedAt })
      .where('id', '=', id)
      .execute();
  }
}
