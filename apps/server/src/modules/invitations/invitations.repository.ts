import type { invitationsQuerySchema } from '@livent/shared';
import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type Updateable,
} from 'kysely';
import type { z } from 'zod';
import type { Database, InvitationsTable, MailStatus } from '../../db/schema.js';
import { likePattern } from '../../db/like-pattern.js';
import { ATTENDANCE_SELECTION, type AttendanceColumns } from '../attendance/index.js';

/** The reads and writes of invitations (ADR 026); every query is scoped to one event. */

export type InvitationRow = Selectable<InvitationsTable>;
/** A row as the list shows it: with the status of its last mail (by join: nothing copied). */
export type ListedInvitation = InvitationRow & {
  mail_status: MailStatus | null;
} & AttendanceColumns;
export type InvitationsListQuery = Pick<
  z.output<typeof invitationsQuerySchema>,
  'sort' | 'order' | 'q'
>;

type InvitationsQuery = SelectQueryBuilder<Database, 'invitations', object>;

const SORT_COLUMNS = {
  createdAt: 'created_at',
  name: 'name',
  email: 'email',
  logins: 'logins',
} as const;

function filtered(db: Kysely<Database>, eventId: string, q: string | undefined): InvitationsQuery {
  let builder: InvitationsQuery = db
    .selectFrom('invitations')
    .where('invitations.event_id', '=', eventId);
  if (q) {
    // lower() on both sides: LIKE ignores case on SQLite but not on PostgreSQL (as the inbox).
    const pattern = likePattern(q.toLowerCase());
    builder = builder.where((eb) =>
      eb.or(
        (['name', 'email', 'username'] as const).map(
          (column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  return builder;
}

/**
 * Every column, the status of the invitation's last mail and its attendance (ADR 066): one
 * primary key lookup a row each.
 */
function withMailStatus(builder: InvitationsQuery) {
  return builder
    .leftJoin('attendance', (join) =>
      join
        .onRef('attendance.event_id', '=', 'invitations.event_id')
        .on('attendance.person_kind', '=', 'invitation')
        .onRef('attendance.person_id', '=', 'invitations.id'),
    )
    .selectAll('invitations')
    .select(ATTENDANCE_SELECTION)
    .select((eb) =>
      eb
        .selectFrom('mails')
        .select('mails.status')
        .whereRef('mails.id', '=', 'invitations.mail_id')
        .as('mail_status'),
    );
}

/** Sorted by one column with the id as tie-break: each sort walks one index (0008-invitations). */
function sorted(builder: InvitationsQuery, query: InvitationsListQuery) {
  return withMailStatus(builder)
    .orderBy(SORT_COLUMNS[query.sort], query.order)
    .orderBy('id', query.order);
}

/** The query of one page (exported so that a test can ask the database for its plan). */
export function invitationsPageQuery(
  db: Kysely<Database>,
  eventId: string,
  query: InvitationsListQuery & { page: number; pageSize: number },
) {
  return sorted(filtered(db, eventId, query.q), query)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

/** One page of the event's invitations and the filtered total. */
export async function listInvitations(
  db: Kysely<Database>,
  eventId: string,
  query: InvitationsListQuery & { page: number; pageSize: number },
): Promise<{ rows: ListedInvitation[]; total: number }> {
  const rows = await invitationsPageQuery(db, eventId, query).execute();
  const { total } = await filtered(db, eventId, query.q)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/**
 * The filtered list without paging, in batches (the CSV export): each batch one short query, so
 * a slow download never holds the connection (SQLite has only one). A batch starts after the last
 * row of the one before by (sort column, id), which the sort's index walks to; an offset would
 * make each batch read every row before it again (on PostgreSQL the export of 100,000 spent most
 * of its time there).
 */
export async function* listInvitationsInBatches(
  db: Kysely<Database>,
  eventId: string,
  query: InvitationsListQuery,
  limit: number,
  batchSize = 1000,
): AsyncGenerator<ListedInvitation> {
  const column = SORT_COLUMNS[query.sort];
  const after = query.order === 'asc' ? sql`>` : sql`<`;
  let last: ListedInvitation | undefined;
  for (let count = 0; count < limit;) {
    let builder = filtered(db, eventId, query.q);
    if (last !== undefined) {
      const position = last;
      builder = builder.where(
        sql<boolean>`(${sql.ref(column)}, ${sql.ref('id')}) ${after} (${position[column]}, ${position.id})`,
      );
    }
    const rows = await sorted(builder, query)
      .limit(Math.min(batchSize, limit - count))
      .execute();
    yield* rows;
    count += rows.length;
    if (rows.length < batchSize) return;
    last = rows.at(-1);
  }
}

export async function findInvitation(
  db: Kysely<Database>,
  eventId: string,
  id: string,
): Promise<ListedInvitation | undefined> {
  return withMailStatus(db.selectFrom('invitations'))
    .where('invitations.event_id', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findInvitationByUsername(
  db: Kysely<Database>,
  eventId: string,
  username: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('username', '=', username)
    .executeTakeFirst();
}

export async function findInvitationByToken(
  db: Kysely<Database>,
  eventId: string,
  token: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('token', '=', token)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

/** Which of `username` and `email` another invitation of the event already has. */
export async function findClashes(
  db: Kysely<Database>,
  eventId: string,
  values: { username?: string; email?: string },
  exceptId?: string,
): Promise<{ username: boolean; email: boolean }> {
  const { username, email } = values;
  if (username === undefined && email === undefined) return { username: false, email: false };
  let query = db
    .selectFrom('invitations')
    .select(['username', 'email'])
    .where('event_id', '=', eventId)
    .where((eb) =>
      eb.or([
        ...(username === undefined ? [] : [eb('username', '=', username)]),
        ...(email === undefined ? [] : [eb('email', '=', email)]),
      ]),
    );
  if (exceptId) query = query.where('id', '!=', exceptId);
  const rows = await query.limit(2).execute();
  return {
    username: username !== undefined && rows.some((row) => row.username === username),
    email: email !== undefined && rows.some((row) => row.email === email),
  };
}

/** The access version of an invitation of the event; undefined once it is deleted. */
export async function findAccessVersion(
  db: Kysely<Database>,
  eventId: string,
  id: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('invitations')
    .select('access_version')
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.access_version;
}

export async function insertInvitation(
  db: Kysely<Database>,
  row: Insertable<InvitationsTable>,
): Promise<void> {
  await db.insertInto('invitations').values(row).execute();
}

export async function updateInvitation(
  db: Kysely<Database>,
  eventId: string,
  id: string,
  changes: Updateable<InvitationsTable>,
  raiseAccessVersion: boolean,
): Promise<InvitationRow | undefined> {
  return db
    .updateTable('invitations')
    .set((eb) => ({
      ...changes,
      ...(raiseAccessVersion ? { access_version: eb('access_version', '+', 1) } : {}),
    }))
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteInvitation(
  db: Kysely<Database>,
  eventId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('invitations')
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Counts a sign-in (form or personal link). */
export async function countLogin(
  db: Kysely<Database>,
  eventId: string,
  id: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('invitations')
    .set((eb) => ({ logins: eb('logins', '+', 1), last_login_at: at }))
    .where('event_id', '=', eventId)
    .where('id', '=', id)
    .execute();
}

/**
 * The next invitations to mail after `after` in (created_at, id) order, which the index on event,
 * created_at and id walks (0008-invitations); with `unsentOnly`, those without a mail yet.
 */
export async function invitationsToMail(
  db: Kysely<Database>,
  eventId: string,
  options: { after?: { createdAt: string; id: string }; limit: number; unsentOnly: boolean },
): Promise<InvitationRow[]> {
  return invitationsToMailQuery(db, eventId, options).execute();
}

/** The query of {@link invitationsToMail} (exported so that a test can ask for its plan). */
export function invitationsToMailQuery(
  db: Kysely<Database>,
  eventId: string,
  options: { after?: { createdAt: string; id: string }; limit: number; unsentOnly: boolean },
) {
  let query = db.selectFrom('invitations').selectAll().where('event_id', '=', eventId);
  const { after } = options;
  if (after !== undefined) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)),
    );
  }
  if (options.unsentOnly) query = query.where('mail_id', 'is', null);
  return query.orderBy('created_at').orderBy('id').limit(options.limit);
}

/** The event's first invitation (oldest), whose values fill a test mail. */
export async function firstInvitation(
  db: Kysely<Database>,
  eventId: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
