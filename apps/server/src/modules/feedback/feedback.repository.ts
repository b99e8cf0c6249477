import type { Insertable, Kysely } from 'kysely';
import type { Database, FeedbackTable } from '../../db/schema.js';

export async function insertFeedback(
  db: Kysely<Database>,
  feedback: Insertable<FeedbackTable>,
): Promise<void> {
  await db.insertInto('feedback').values(feedback).execute();
}
