import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, PollsTable, PollVotesTable } from '../../db/schema.js';
import { OWNER_PLAN_COLUMNS, type OwnerPlanColumns } from '../plans/index.js';

export type PollRow = Selectable<PollsTable>;
export type PollVoteRow = Selectable<PollVotesTable>;
/** What the results are counted from: a vote without its ids and times. */
export type CountedVote = Pick<PollVoteRow, 'choices' | 'rating' | 'text' | 'text_status'>;

/** The event's polls in their order. */
export async function listPolls(db: Kysely<Database>, eventId: string): Promise<PollRow[]> {
  return db
    .selectFrom('polls')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * A poll of the event, or undefined (also for another event's poll). With `lock` on PostgreSQL
 * the row stays locked until the transaction ends: `update` for the organisers' changes, `share`
 * for votes, which may run side by side but not beside a close.
 */
export async function findPoll(
  db: Kysely<Database>,
  eventId: string,
  pollId: string,
  lock?: { dialect: Dialect; mode: 'update' | 'share' },
): Promise<PollRow | undefined> {
  let query = db
    .selectFrom('polls')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', pollId);
  if (lock?.dialect === 'postgres') {
    query = lock.mode === 'update' ? query.forUpdate() : query.forShare();
  }
  return query.executeTakeFirst();
}

export async function countPolls(db: Kysely<Database>, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('polls')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The next free position: after the last poll. */
export async function nextPosition(db: Kysely<Database>, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('polls')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

export async function insertPoll(db: Kysely<Database>, poll: Insertable<PollsTable>) {
  return db.insertInto('polls').values(poll).returningAll().executeTakeFirstOrThrow();
}

export async function updatePoll(
  db: Kysely<Database>,
  pollId: string,
  changes: Updateable<PollsTable>,
): Promise<PollRow> {
  return db
    .updateTable('polls')
    .set(changes)
    .where('id', '=', pollId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deletePoll(db: Kysely<Database>, pollId: string): Promise<void> {
  await db.deleteFrom('polls').where('id', '=', pollId).execute();
}

/** Viewers who answered, per poll id of the event (polls without answers are missing). */
export async function countResponses(
  db: Kysely<Database>,
  eventId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('poll_votes')
    .innerJoin('polls', 'polls.id', 'poll_votes.poll_id')
    .select(['poll_votes.poll_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('polls.event_id', '=', eventId)
    .groupBy('poll_votes.poll_id')
    .execute();
  return new Map(rows.map((row) => [row.poll_id, Number(row.count)]));
}

/** Every answer of a poll, as the results count them. */
export async function listCountedVotes(
  db: Kysely<Database>,
  pollId: string,
): Promise<CountedVote[]> {
  return db
    .selectFrom('poll_votes')
    .select(['choices', 'rating', 'text', 'text_status'])
    .where('poll_id', '=', pollId)
    .execute();
}

/** A poll's open text answers, oldest first, for the moderators. */
export async function listTextAnswers(
  db: Kysely<Database>,
  pollId: string,
): Promise<PollVoteRow[]> {
  return db
    .selectFrom('poll_votes')
    .selectAll()
    .where('poll_id', '=', pollId)
    .where('text', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findVote(
  db: Kysely<Database>,
  pollId: string,
  voteId: string,
): Promise<PollVoteRow | undefined> {
  return db
    .selectFrom('poll_votes')
    .selectAll()
    .where('poll_id', '=', pollId)
    .where('id', '=', voteId)
    .executeTakeFirst();
}

export async function setTextStatus(
  db: Kysely<Database>,
  voteId: string,
  status: string,
  updatedAt: string,
): Promise<PollVoteRow> {
  return db
    .updateTable('poll_votes')
    .set({ text_status: status, updated_at: updatedAt })
    .where('id', '=', voteId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Stores a viewer's answer, replacing their earlier one: one statement on the unique index
 * (poll, viewer), so that two requests at once leave exactly one row on SQLite and PostgreSQL.
 */
export async function upsertVote(
  db: Kysely<Database>,
  vote: Insertable<PollVotesTable>,
): Promise<PollVoteRow> {
  return db
    .insertInto('poll_votes')
    .values(vote)
    .onConflict((conflict) =>
      conflict.columns(['poll_id', 'viewer_id']).doUpdateSet({
        choices: vote.choices ?? null,
        rating: vote.rating ?? null,
        text: vote.text ?? null,
        text_status: vote.text_status ?? null,
        updated_at: vote.updated_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One viewer's answers to the given polls. */
export async function listViewerVotes(
  db: Kysely<Database>,
  pollIds: readonly string[],
  viewerId: string,
): Promise<PollVoteRow[]> {
  if (pollIds.length === 0) return [];
  return db
    .selectFrom('poll_votes')
    .selectAll()
    .where('poll_id', 'in', pollIds)
    .where('viewer_id', '=', viewerId)
    .execute();
}

/**
 * The polls a page shows: live ones, and closed ones whose results are shown, of the whole event
 * or of this page's channel (null: the main page, which shows only the event's polls).
 */
export async function listPagePolls(
  db: Kysely<Database>,
  eventId: string,
  channelId: string | null,
): Promise<PollRow[]> {
  return db
    .selectFrom('polls')
    .selectAll()
    .where('event_id', '=', eventId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'live'),
        eb.and([eb('status', '=', 'closed'), eb('results_shown', '=', 1)]),
      ]),
    )
    .where((eb) =>
      channelId === null
        ? eb('channel_id', 'is', null)
        : eb.or([eb('channel_id', 'is', null), eb('channel_id', '=', channelId)]),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * The plan columns of the event's owner (the guest moderator's way to the plan). With `lock` on
 * PostgreSQL the event's row stays locked until the transaction ends, so that two creates of
 * one event count its polls one after the other.
 */
export async function findEventOwnerPlan(
  db: Kysely<Database>,
  eventId: string,
  lock?: Dialect,
): Promise<OwnerPlanColumns | undefined> {
  let query = db
    .selectFrom('events')
    .innerJoin('users', 'users.id', 'events.owner_id')
    .select(OWNER_PLAN_COLUMNS)
    .where('events.id', '=', eventId);
  if (lock === 'postgres') query = query.forUpdate('events');
  return query.executeTakeFirst();
}
