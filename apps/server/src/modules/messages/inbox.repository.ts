import type { MessageKind, MessageStatus, messagesQuerySchema } from '@livent/shared';
import {
  sql,
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  type Updateable,
} from 'kysely';
import type { z } from 'zod';
import type { Dialect } from '../../db/database.js';
import { likePattern } from '../../db/like-pattern.js';
import type { Database, MessageHistoryTable, MessagesTable } from '../../db/schema.js';
import type { MessageRow } from './message-view.js';

/** The inbox's reads and writes of messages and their history (ADR 025). */

export type InboxQuery = z.output<typeof messagesQuerySchema>;

/** What a list may show: guests see viewer messages only, whatever they ask for. */
export interface InboxScope {
  eventId: string;
  viewerOnly: boolean;
}

type MessagesQuery = SelectQueryBuilder<Database, 'messages', object>;

function filtered(db: Kysely<Database>, scope: InboxScope, query: InboxQuery): MessagesQuery {
  let builder: MessagesQuery = db.selectFrom('messages').where('event_id', '=', scope.eventId);
  if (scope.viewerOnly) builder = builder.where('kind', '=', 'viewer');
  if (query.kind) builder = builder.where('kind', '=', query.kind);
  if (query.status) builder = builder.where('status', '=', query.status);
  if (query.unread !== undefined) builder = builder.where('read', '=', query.unread ? 0 : 1);
  if (query.answered !== undefined) {
    builder = builder.where('answer', query.answered ? 'is not' : 'is', null);
  }
  if (query.channel !== undefined) {
    builder =
      query.channel === 'main'
        ? builder.where('channel_id', 'is', null)
        : builder.where('channel_id', '=', query.channel);
  }
  if (query.q) {
    // lower() on both sides: LIKE is case-insensitive on SQLite but not on PostgreSQL. The
    // backslash escapes wildcards the searcher typed (likePattern); both dialects take `escape`.
    const pattern = likePattern(query.q.toLowerCase());
    builder = builder.where((eb) =>
      eb.or(
        (['text', 'author_name', 'answer'] as const).map(
          (column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  return builder;
}

function sorted(builder: MessagesQuery, sort: InboxQuery['sort']) {
  const query = builder.selectAll();
  if (sort === 'oldest') return query.orderBy('created_at', 'asc').orderBy('id', 'asc');
  const byVotes = sort === 'votes' ? query.orderBy('votes', 'desc') : query;
  return byVotes.orderBy('created_at', 'desc').orderBy('id', 'desc');
}

/** One page of the filtered list and the filtered total. */
export async function listInbox(
  db: Kysely<Database>,
  scope: InboxScope,
  query: InboxQuery,
): Promise<{ rows: MessageRow[]; total: number }> {
  const rows = await sorted(filtered(db, scope, query), query.sort)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const { total } = await filtered(db, scope, query)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/**
 * The filtered list without paging, in batches (the CSV export): each batch is one short query,
 * so a slow download never holds the connection (SQLite has only one).
 */
export async function* listInboxInBatches(
  db: Kysely<Database>,
  scope: InboxScope,
  query: InboxQuery,
  limit: number,
  batchSize = 500,
): AsyncGenerator<MessageRow> {
  for (let offset = 0; offset < limit; offset += batchSize) {
    const rows = await sorted(filtered(db, scope, query), query.sort)
      .limit(Math.min(batchSize, limit - offset))
      .offset(offset)
      .execute();
    yield* rows;
    if (rows.length < batchSize) return;
  }
}

/** Unread viewer messages of the event, whatever the filters (the navigation's count). */
export async function countUnread(db: Kysely<Database>, eventId: string): Promise<number> {
  const { count } = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('event_id', '=', eventId)
    .where('kind', '=', 'viewer')
    .where('read', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * A message of the event, or undefined (also for another event's message). With `lock` on
 * PostgreSQL the row stays locked until the transaction ends, so that parallel changes of one
 * message run one after another and number their history steps in order.
 */
export async function findInboxMessage(
  db: Kysely<Database>,
  eventId: string,
  messageId: string,
  options: { lock?: Dialect; kind?: MessageKind } = {},
): Promise<MessageRow | undefined> {
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', messageId)
    .where('event_id', '=', eventId);
  if (options.kind) query = query.where('kind', '=', options.kind);
  if (options.lock === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertInboxMessage(
  db: Kysely<Database>,
  row: Insertable<MessagesTable>,
): Promise<MessageRow> {
  return db.insertInto('messages').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateInboxMessage(
  db: Kysely<Database>,
  messageId: string,
  changes: Updateable<MessagesTable>,
): Promise<MessageRow> {
  return db
    .updateTable('messages')
    .set(changes)
    .where('id', '=', messageId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteInboxMessage(db: Kysely<Database>, messageId: string): Promise<void> {
  await db.deleteFrom('messages').where('id', '=', messageId).execute();
}

/**
 * PostgreSQL: locks the event's row until the transaction ends, so that two pins of one event
 * run one after another and the second unpins the first (one pinned question per event). SQLite
 * runs one write transaction at a time anyway.
 */
export async function lockEventPins(
  db: Kysely<Database>,
  eventId: string,
  dialect: Dialect,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('events').select('id').where('id', '=', eventId).forUpdate().execute();
}

/** The event's other pinned messages (at most one, unless two pins raced). */
export async function listPinnedExcept(db: Kysely<Database>, eventId: string, messageId: string) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('pinned_at', 'is not', null)
    .where('id', '!=', messageId)
    .execute();
}

export type HistoryStep = Omit<Insertable<MessageHistoryTable>, 'id' | 'message_id'> & {
  from_status: MessageStatus | null;
  to_status: MessageStatus | null;
};

/**
 * Appends steps to a message's history. Steps of one change share their time, so their ids
 * carry the message's running step number: ordered by time, then id, the history reads in the
 * order the steps were taken. Callers hold the message's row lock (findInboxMessage's `lock`).
 */
export async function appendHistory(
  db: Kysely<Database>,
  messageId: string,
  steps: readonly HistoryStep[],
): Promise<void> {
  if (steps.length === 0) return;
  const { count } = await db
    .selectFrom('message_history')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('message_id', '=', messageId)
    .executeTakeFirstOrThrow();
  const first = Number(count);
  await db
    .insertInto('message_history')
    .values(
      steps.map((step, index) => ({
        ...step,
        id: `${messageId}.${String(first + index).padStart(6, '0')}`,
        message_id: messageId,
      })),
    )
    .execute();
}

/** A message's history, oldest step first. */
export async function listHistory(db: Kysely<Database>, messageId: string) {
  return db
    .selectFrom('message_history')
    .selectAll()
    .where('message_id', '=', messageId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
