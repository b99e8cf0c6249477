import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The sessions of the personal ways in (ADR 067). */

/** Whose a session is: a registration or an invitation. */
export interface SessionPerson {
  kind: 'registration' | 'invitation';
  id: string;
}

const personColumn = (person: SessionPerson) =>
  person.kind === 'registration' ? 'registration_id' : 'invitation_id';

export async function insertSession(
  db: Kysely<Database>,
  session: { id: string; eventId: string; person: SessionPerson; at: string },
): Promise<void> {
  const { person } = session;
  await db
    .insertInto('access_sessions')
    .values({
      id: session.id,
      event_id: session.eventId,
      registration_id: person.kind === 'registration' ? person.id : null,
      invitation_id: person.kind === 'invitation' ? person.id : null,
      created_at: session.at,
      last_seen_at: session.at,
    })
    .execute();
}

/**
 * Ends the person's open sessions but `keep` and the `limit - 1` newest others, in one statement:
 * two sign-ins at once each count the other once both are written, so they end the same ones.
 * Answers the ids it ended.
 */
export async function endSessionsBeyond(
  db: Kysely<Database>,
  person: SessionPerson,
  keep: string,
  limit: number,
  at: string,
): Promise<string[]> {
  const column = personColumn(person);
  const rows = await db
    .updateTable('access_sessions')
    .set({ ended_at: at, end_reason: 'limit' })
    .where(column, '=', person.id)
    .where('ended_at', 'is', null)
    .where('id', '<>', keep)
    .where('id', 'not in', (query) =>
      query
        .selectFrom('access_sessions')
        .select('id')
        .where(column, '=', person.id)
        .where('ended_at', 'is', null)
        .where('id', '<>', keep)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit - 1),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A session's state by its id (the primary key): one indexed read. */
export async function findSession(
  db: Kysely<Database>,
  eventId: string,
  id: string,
): Promise<{ ended_at: string | null; last_seen_at: string } | undefined> {
  return db
    .selectFrom('access_sessions')
    .select(['ended_at', 'last_seen_at'])
    .where('id', '=', id)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('access_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}
