import type { AccessMailLanguage } from '@livent/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Whom reminders and the follow-up reach: registrations and invitations (ADR 065). */
export type GuestList = 'registrations' | 'invitations';
export type PersonKind = 'registration' | 'invitation';

export const personKindOf = (list: GuestList): PersonKind =>
  list === 'registrations' ? 'registration' : 'invitation';

export interface DatedEvent {
  id: string;
  owner_id: string;
  slug: string;
  title: string;
  settings: string;
  owner_time_zone: string;
}

/**
 * The events whose start is a date (and time): only they have reminders. The settings are JSON;
 * the LIKE narrows the rows read to those that say so (as JSON.stringify writes it), the caller
 * reads them properly.
 */
export function eventsWithDatedStart(db: Kysely<Database>): Promise<DatedEvent[]> {
  return db
    .selectFrom('events')
    .innerJoin('users', 'users.id', 'events.owner_id')
    .select([
      'events.id',
      'events.owner_id',
      'events.slug',
      'events.title',
      'events.settings',
      'users.timezone as owner_time_zone',
    ])
    .where('events.settings', 'like', '%"startMode":"datetime"%')
    .execute();
}

export interface GuestRow {
  id: string;
  created_at: string;
  name: string;
  email: string;
  token: string;
}

export interface GuestQuery {
  eventId: string;
  list: GuestList;
  /** Only guests who speak it (those without a recorded language speak `fallback`). */
  language: AccessMailLanguage;
  fallback: AccessMailLanguage;
  /** Only guests with no row of this reminder yet. */
  withoutReminder?: string;
  /** Only guests who attended (`true`: minutes > 0 in `attendance`) or did not (`false`). */
  attended?: boolean;
  after?: { createdAt: string; id: string };
  limit: number;
}

/**
 * The next guests of a list in (created_at, id) order: verified registrations (every registration
 * but one waiting for its link in the verify mode) and invitations that were mailed an invitation.
 */
export function guestsToMail(db: Kysely<Database>, query: GuestQuery): Promise<GuestRow[]> {
  const { list, eventId } = query;
  const kind = personKindOf(list);
  const column = (name: string) => sql.ref(`${list}.${name}`);
  let select = db
    .selectFrom(list)
    .select([`${list}.id`, `${list}.created_at`, `${list}.name`, `${list}.email`, `${list}.token`])
    .where(`${list}.event_id`, '=', eventId)
    .where(
      list === 'registrations' ? 'registrations.verified_at' : 'invitations.mail_id',
      'is not',
      null,
    )
    .where(sql<boolean>`coalesce(${column('language')}, ${query.fallback}) = ${query.language}`);
  if (query.withoutReminder !== undefined) {
    select = select.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reminder_sends')
            .select(sql`1`.as('one'))
            .where('reminder_sends.event_id', '=', eventId)
            .where('reminder_sends.reminder', '=', query.withoutReminder ?? '')
            .where('reminder_sends.person_kind', '=', kind)
            .whereRef('reminder_sends.person_id', '=', `${list}.id`),
        ),
      ),
    );
  }
  if (query.attended !== undefined) {
    const attendedRow = db
      .selectFrom('attendance')
      .select(sql`1`.as('one'))
      .where('attendance.event_id', '=', eventId)
      .where('attendance.person_kind', '=', kind)
      .where(sql<boolean>`attendance.person_id = ${column('id')}`)
      .where('attendance.minutes', '>', 0);
    select = select.where(({ not, exists }) =>
      query.attended ? exists(attendedRow) : not(exists(attendedRow)),
    );
  }
  const { after } = query;
  if (after) {
    // A row value, which the index on event, created_at and id walks as a range (an OR of the two
    // comparisons would read the list from its start for every batch).
    select = select.where((eb) =>
      eb(eb.refTuple(`${list}.created_at`, `${list}.id`), '>', eb.tuple(after.createdAt, after.id)),
    );
  }
  return select
    .orderBy(`${list}.created_at`)
    .orderBy(`${list}.id`)
    .limit(query.limit)
    .execute() as Promise<GuestRow[]>;
}

/**
 * Records the reminder of each guest with its mail, in the transaction that queued the mails;
 * answers the guests recorded. A guest another instance (or an earlier run) already recorded is
 * not: the key's conflict is what makes a reminder go once (ADR 065).
 */
export async function recordReminderSends(
  db: Kysely<Database>,
  send: { eventId: string; reminder: string; kind: PersonKind; at: string },
  mails: readonly { id: string; mailId: string }[],
): Promise<Set<string>> {
  if (mails.length === 0) return new Set();
  const rows = await db
    .insertInto('reminder_sends')
    .values(
      mails.map((mail) => ({
        event_id: send.eventId,
        reminder: send.reminder,
        person_kind: send.kind,
        person_id: mail.id,
        mail_id: mail.mailId,
        created_at: send.at,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['event_id', 'reminder', 'person_kind', 'person_id']).doNothing(),
    )
    .returning('person_id')
    .execute();
  return new Set(rows.map((row) => row.person_id));
}

/** How many guests each reminder of the event went to, by reminder key. */
export async function reminderSendCounts(
  db: Kysely<Database>,
  eventId: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('reminder_sends')
    .select(['reminder', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('event_id', '=', eventId)
    .groupBy('reminder')
    .execute();
  return new Map(rows.map((row) => [row.reminder, Number(row.count)]));
}

/** Guests of a list who reminders and the follow-up reach, and how many of them attended. */
export async function countGuests(
  db: Kysely<Database>,
  eventId: string,
  list: GuestList,
): Promise<{ total: number; attended: number }> {
  const kind = personKindOf(list);
  const row = await db
    .selectFrom(list)
    .leftJoin('attendance', (join) =>
      join
        .on('attendance.event_id', '=', eventId)
        .on('attendance.person_kind', '=', kind)
        .onRef('attendance.person_id', '=', `${list}.id`)
        .on('attendance.minutes', '>', 0),
    )
    .select([
      (eb) => eb.fn.countAll<string | number>().as('total'),
      (eb) => eb.fn.count<string | number>('attendance.person_id').as('attended'),
    ])
    .where(`${list}.event_id`, '=', eventId)
    .where(
      list === 'registrations' ? 'registrations.verified_at' : 'invitations.mail_id',
      'is not',
      null,
    )
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), attended: Number(row.attended) };
}

export function lastFollowUp(
  db: Kysely<Database>,
  eventId: string,
): Promise<{ sent_at: string } | undefined> {
  return db
    .selectFrom('follow_up_sends')
    .select('sent_at')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

/**
 * Claims the event's follow-up at `at`: false when one was sent after `notBefore` (null: always
 * claims). One statement, so that of two sends at once one is refused.
 */
export async function claimFollowUp(
  db: Kysely<Database>,
  eventId: string,
  at: string,
  notBefore: string | null,
): Promise<boolean> {
  const rows = await db
    .insertInto('follow_up_sends')
    .values({ event_id: eventId, sent_at: at, attended: 0, missed: 0 })
    .onConflict((conflict) => {
      const update = conflict
        .column('event_id')
        .doUpdateSet({ sent_at: at, attended: 0, missed: 0 });
      return notBefore === null ? update : update.where('follow_up_sends.sent_at', '<=', notBefore);
    })
    .returning('event_id')
    .execute();
  return rows.length > 0;
}

/** The follow-up's counts once it was queued. */
export async function recordFollowUpCounts(
  db: Kysely<Database>,
  eventId: string,
  counts: { attended: number; missed: number },
): Promise<void> {
  await db.updateTable('follow_up_sends').set(counts).where('event_id', '=', eventId).execute();
}

/** The owner's account time zone: an event naming none has its times in it. */
export async function ownerTimeZone(db: Kysely<Database>, ownerId: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('timezone')
    .where('id', '=', ownerId)
    .executeTakeFirst();
  return row?.timezone ?? 'UTC';
}
