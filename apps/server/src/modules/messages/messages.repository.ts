import type { ExpressionBuilder, Insertable, Kysely } from 'kysely';
import type { Database, MessagesTable } from '../../db/schema.js';

/** Messages of events (ADR 017, ADR 025): what the public page writes and reads. */

/** How many questions and own messages the public page's message tool gets at most. */
export const PUBLIC_QUESTIONS_MAX = 100;
export const OWN_MESSAGES_MAX = 50;

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

/**
 * The message a submit key already stored in the event, if any (one row per double submit), with
 * its sender: a key is unique per event, not per viewer, so the caller checks whose it is.
 */
export async function findMessageByKey(db: Kysely<Database>, eventId: string, key: string) {
  return db
    .selectFrom('messages')
    .select(['id', 'status', 'viewer_id'])
    .where('event_id', '=', eventId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

const publicColumns = [
  'id',
  'author_name',
  'text',
  'status',
  'answer',
  'answer_public',
  'votes',
  'pinned_at',
  'created_at',
] as const;

/**
 * Q&A questions every viewer may see: approved ones, and answered ones whose answer is public. A
 * question answered privately stays off the public list: answering moves even a `new` message
 * to answered, and a viewer never sees another viewer's unapproved message (ADR 025).
 */
function publicQuestion(eb: ExpressionBuilder<Database, 'messages'>) {
  return eb.or([
    eb('status', '=', 'approved'),
    eb.and([eb('status', '=', 'answered'), eb('answer_public', '=', 1)]),
  ]);
}

/**
 * What every viewer of one page (a channel, or the main page for null) sees. Q&A: the public
 * questions, the pinned one first, then by votes, then newest. Plain messages: those with a
 * public answer, newest first; a declined message stays hidden even if it was answered.
 */
export async function listPublicQuestions(
  db: Kysely<Database>,
  eventId: string,
  channelId: string | null,
  mode: 'messages' | 'qa',
) {
  let query = db
    .selectFrom('messages')
    .select(publicColumns)
    .where('event_id', '=', eventId)
    .where('kind', '=', 'viewer')
    .where('channel_id', channelId === null ? 'is' : '=', channelId);
  if (mode === 'qa') {
    query = query
      .where(publicQuestion)
      .orderBy((eb) => eb.case().when('pinned_at', 'is', null).then(1).else(0).end())
      .orderBy('votes', 'desc');
  } else {
    query = query
      .where('answer', 'is not', null)
      .where('answer_public', '=', 1)
      .where('status', '!=', 'declined');
  }
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PUBLIC_QUESTIONS_MAX)
    .execute();
}

/** A viewer's own messages to an event, newest first. */
export async function listOwnMessages(db: Kysely<Database>, eventId: string, viewerId: string) {
  return db
    .selectFrom('messages')
    .select(['id', 'text', 'status', 'answer', 'answer_public', 'created_at'])
    .where('event_id', '=', eventId)
    .where('viewer_id', '=', viewerId)
    .where('kind', '=', 'viewer')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OWN_MESSAGES_MAX)
    .execute();
}

/** Which of `messageIds` the viewer voted for (looked up by the votes' primary key). */
export async function listVotedIds(
  db: Kysely<Database>,
  viewerId: string,
  messageIds: readonly string[],
): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .selectFrom('message_votes')
    .select('message_id')
    .where('message_id', 'in', messageIds)
    .where('viewer_id', '=', viewerId)
    .execute();
  return rows.map((row) => row.message_id);
}

/** A question viewers may vote for: a public question of this event (Q&A). */
export async function findVotableMessage(db: Kysely<Database>, eventId: string, id: string) {
  return db
    .selectFrom('messages')
    .select(['id'])
    .where('id', '=', id)
    .where('event_id', '=', eventId)
    .where('kind', '=', 'viewer')
    .where(publicQuestion)
    .executeTakeFirst();
}

/**
 * Records one viewer's vote and counts it on the message; a second vote of the same viewer is a
 * no-op (the votes' primary key). Answers whether the vote was new. Run inside a transaction.
 */
export async function addVote(
  db: Kysely<Database>,
  vote: { messageId: string; viewerId: string; at: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('message_votes')
    .values({ message_id: vote.messageId, viewer_id: vote.viewerId, created_at: vote.at })
    .onConflict((conflict) => conflict.columns(['message_id', 'viewer_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await db
    .updateTable('messages')
    .set((eb) => ({ votes: eb('votes', '+', 1), updated_at: vote.at }))
    .where('id', '=', vote.messageId)
    .execute();
  return true;
}
