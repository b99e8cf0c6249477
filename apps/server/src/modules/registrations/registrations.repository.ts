import type { registrationsQuerySchema } from '@livent/shared';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database, MailStatus, RegistrationsTable } from '../../db/schema.js';
import { likePattern } from '../../db/like-pattern.js';
import { ATTENDANCE_SELECTION, type AttendanceColumns } from '../attendance/index.js';

export type RegistrationRow = Selectable<RegistrationsTable>;
/** A registration with the status of its last mail (the outbox row's) and its attendance. */
export type ListedRegistration = RegistrationRow & {
  mail_status: MailStatus | null;
} & AttendanceColumns;

export type ListQuery = z.output<typeof registrationsQuerySchema>;

export async function insertRegistration(
  db: Kysely<Database>,
  row: Insertable<RegistrationsTable>,
): Promise<void> {
  await db.insertInto('registrations').values(row).execute();
}

export function findRegistrationByEmail(
  db: Kysely<Database>,
  eventId: string,
  email: string,
): Promise<RegistrationRow | undefined> {
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findRegistrationByToken(
  db: Kysely<Database>,
  eventId: string,
  token: string,
): Promise<RegistrationRow | undefined> {
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('token', '=', token)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

export async function registrationExists(
  db: Kysely<Database>,
  eventId: string,
  id: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('registrations')
    .select('id')
    .where('id', '=', id)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateRegistration(
  db: Kysely<Database>,
  id: string,
  values: { verified_at?: string; mail_id?: string },
): Promise<void> {
  await db.updateTable('registrations').set(values).where('id', '=', id).execute();
}

export async function deleteRegistration(
  db: Kysely<Database>,
  eventId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('registrations')
    .where('id', '=', id)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

function filtered(db: Kysely<Database>, eventId: string, q: string | undefined) {
  let builder = db.selectFrom('registrations').where('registrations.event_id', '=', eventId);
  if (q) {
    // lower() on both sides: LIKE is case-insensitive on SQLite but not on PostgreSQL.
    const pattern = likePattern(q.toLowerCase());
    builder = builder.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('registrations.name')}) like ${pattern} escape '\\'`,
        sql<boolean>`${eb.ref('registrations.email')} like ${pattern} escape '\\'`,
      ]),
    );
  }
  return builder;
}

function withMailStatus(builder: ReturnType<typeof filtered>) {
  return builder
    .leftJoin('mails', 'mails.id', 'registrations.mail_id')
    .leftJoin('attendance', (join) =>
      join
        .onRef('attendance.event_id', '=', 'registrations.event_id')
        .on('attendance.person_kind', '=', 'registration')
        .onRef('attendance.person_id', '=', 'registrations.id'),
    )
    .selectAll('registrations')
    .select('mails.status as mail_status')
    .select(ATTENDANCE_SELECTION);
}

function sorted(builder: ReturnType<typeof withMailStatus>, sort: ListQuery['sort']) {
  switch (sort) {
    case 'oldest':
      return builder.orderBy('registrations.created_at', 'asc').orderBy('registrations.id', 'asc');
    case 'name':
      return builder.orderBy('registrations.name', 'asc').orderBy('registrations.id', 'asc');
    case 'email':
      return builder.orderBy('registrations.email', 'asc');
    default:
      return builder
        .orderBy('registrations.created_at', 'desc')
        .orderBy('registrations.id', 'desc');
  }
}

/** One page of the filtered list and the filtered total. */
export async function listRegistrations(
  db: Kysely<Database>,
  eventId: string,
  query: ListQuery,
): Promise<{ rows: ListedRegistration[]; total: number }> {
  const [rows, count] = await Promise.all([
    sorted(withMailStatus(filtered(db, eventId, query.q)), query.sort)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered(db, eventId, query.q)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * The filtered list in the export's order (oldest first), read in batches after the last row
 * seen (created_at, id), so that an export of any size holds one batch in memory at a time.
 */
export async function* listRegistrationsInBatches(
  db: Kysely<Database>,
  eventId: string,
  q: string | undefined,
  batchSize: number,
  max: number,
): AsyncGenerator<ListedRegistration> {
  let after: { created_at: string; id: string } | undefined;
  let count = 0;
  while (count < max) {
    let builder = withMailStatus(filtered(db, eventId, q));
    if (after) {
      const { created_at: at, id } = after;
      builder = builder.where((eb) =>
        eb.or([
          eb('registrations.created_at', '>', at),
          eb.and([eb('registrations.created_at', '=', at), eb('registrations.id', '>', id)]),
        ]),
      );
    }
    const rows = await builder
      .orderBy('registrations.created_at', 'asc')
      .orderBy('registrations.id', 'asc')
      .limit(Math.min(batchSize, max - count))
      .execute();
    for (const row of rows) yield row;
    count += rows.length;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}

/**
 * The next registrations to mail after `after` in (created_at, id) order, which the index on event,
 * created_at and id walks (0007-registrations); with `unsentOnly`, those without a mail yet.
 */
export async function registrationsToMail(
  db: Kysely<Database>,
  eventId: string,
  options: { after?: { createdAt: string; id: string }; limit: number; unsentOnly: boolean },
): Promise<RegistrationRow[]> {
  let query = db.selectFrom('registrations').selectAll().where('event_id', '=', eventId);
  const { after } = options;
  if (after !== undefined) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)),
    );
  }
  if (options.unsentOnly) query = query.where('mail_id', 'is', null);
  return query.orderBy('created_at').orderBy('id').limit(options.limit).execute();
}

/** The event's first registration (oldest), whose values fill a test mail. */
export async function firstRegistration(
  db: Kysely<Database>,
  eventId: string,
): Promise<RegistrationRow | undefined> {
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
