import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Attendee, AttendeeKind } from './attendee.js';

/** One person's attendance to add in a flush: a join, a seen time and at most one minute. */
export interface AttendanceWrite {
  eventId: string;
  kind: AttendeeKind;
  personId: string;
  /** When they joined: kept only if this makes their row. */
  joinedAt: string;
  seenAt: string;
  /** The minute (ISO) a heartbeat marked, or null for a pageview alone. */
  minute: string | null;
}

/**
 * Adds a batch of attendance in one statement (ADR 066). A row's minute counts only when it is
 * after the last minute counted, so that another page view, instance or retry never counts a
 * minute twice; rows of one statement are one per person (PostgreSQL updates a row once).
 */
export async function addAttendance(
  db: Kysely<Database>,
  rows: readonly AttendanceWrite[],
): Promise<void> {
  if (rows.length === 0) return;
  const newer = sql<boolean>`excluded.last_minute is not null and (attendance.last_minute is null or excluded.last_minute > attendance.last_minute)`;
  await db
    .insertInto('attendance')
    .values(
      rows.map((row) => ({
        event_id: row.eventId,
        person_kind: row.kind,
        person_id: row.personId,
        first_join_at: row.joinedAt,
        last_seen_at: row.seenAt,
        minutes: row.minute === null ? 0 : 1,
        last_minute: row.minute,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['event_id', 'person_kind', 'person_id']).doUpdateSet({
        last_seen_at: sql<string>`case when excluded.last_seen_at > attendance.last_seen_at then excluded.last_seen_at else attendance.last_seen_at end`,
        minutes: sql<number>`attendance.minutes + case when ${newer} then 1 else 0 end`,
        last_minute: sql<string>`case when ${newer} then excluded.last_minute else attendance.last_minute end`,
      }),
    )
    .execute();
}

/** Counts a question asked or a poll answered for the first time (ADR 066). */
export async function countAttendanceAction(
  db: Kysely<Database>,
  eventId: string,
  attendee: Attendee,
  action: 'questions' | 'polls',
  at: string,
): Promise<void> {
  await db
    .insertInto('attendance')
    .values({
      event_id: eventId,
      person_kind: attendee.kind,
      person_id: attendee.id,
      first_join_at: at,
      last_seen_at: at,
      [action]: 1,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['event_id', 'person_kind', 'person_id'])
        .doUpdateSet({ [action]: sql<number>`attendance.${sql.ref(action)} + 1` }),
    )
    .execute();
}

/** Removes a person's attendance with the person (their registration or invitation). */
export async function deleteAttendance(
  db: Kysely<Database>,
  eventId: string,
  kind: AttendeeKind,
  personIds: readonly string[],
): Promise<void> {
  if (personIds.length === 0) return;
  await db
    .deleteFrom('attendance')
    .where('event_id', '=', eventId)
    .where('person_kind', '=', kind)
    .where('person_id', 'in', personIds)
    .execute();
}

/**
 * Of an event's registrations and invitations, how many there are and how many attended
 * (watched a minute or more); rows of people removed meanwhile do not count.
 */
export async function attendanceRate(
  db: Kysely<Database>,
  eventId: string,
): Promise<{ people: number; attended: number }> {
  const attended = (kind: AttendeeKind) =>
    db
      .selectFrom('attendance')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('attendance.event_id', '=', eventId)
      .where('attendance.person_kind', '=', kind)
      .where('attendance.minutes', '>', 0);
  const [registered, invited, attendedRegistrations, attendedInvitations] = await Promise.all([
    db
      .selectFrom('registrations')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow(),
    attended('registration')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('registrations')
            .select('registrations.id')
            .whereRef('registrations.id', '=', 'attendance.person_id'),
        ),
      )
      .executeTakeFirstOrThrow(),
    attended('invitation')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('invitations')
            .select('invitations.id')
            .whereRef('invitations.id', '=', 'attendance.person_id'),
        ),
      )
      .executeTakeFirstOrThrow(),
  ]);
  return {
    people: Number(registered.n) + Number(invited.n),
    attended: Number(attendedRegistrations.n) + Number(attendedInvitations.n),
  };
}
