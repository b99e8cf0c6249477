import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The ids of the events the account owns. */
export async function ownedEventIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('events').select('id').where('owner_id', '=', userId).execute();
  return rows.map((row) => row.id);
}
