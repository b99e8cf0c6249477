import type { Insertable, Kysely } from 'kysely';
import type { Database, MessagesTable } from '../../db/schema.js';

/** Messages of events (ADR 017). The viewer message tool writes; the inbox will read. */

export async function insertMessage(
  db: Kysely<Database>,
  message: Insertable<MessagesTable>,
): Promise<void> {
  await db.insertInto('messages').values(message).execute();
}

/** An event's messages, newest first (the inbox's order). */
export async function listMessages(db: Kysely<Database>, eventId: string, limit = 100) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
