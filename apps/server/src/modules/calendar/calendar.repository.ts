import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What an event's calendar entries are made of: the event, its sequences and its owner. */
export interface EventCalendarRow {
  id: string;
  slug: string;
  title: string;
  settings: string;
  calendar_sequence: number;
  calendar_notified_sequence: number;
  owner_id: string;
  owner_name: string;
  owner_timezone: string;
}

export async function findEventCalendarRow(
  db: Kysely<Database>,
  eventId: string,
): Promise<EventCalendarRow | undefined> {
  return db
    .selectFrom('events')
    .innerJoin('users', 'users.id', 'events.owner_id')
    .select([
      'events.id',
      'events.slug',
      'events.title',
      'events.settings',
      'events.calendar_sequence',
      'events.calendar_notified_sequence',
      'events.owner_id',
      'users.name as owner_name',
      'users.timezone as owner_timezone',
    ])
    .where('events.id', '=', eventId)
    .executeTakeFirst();
}

/** The two lists whose people get calendar invitations. */
export type CalendarList = 'registrations' | 'invitations';

export interface CalendarRecipientRow {
  id: string;
  created_at: string;
  name: string;
  email: string;
  token: string;
}

/**
 * The next people of a list after `after` in (created_at, id) order (the lists' index); with
 * `mailedOnly` only those who were sent a mail (and so hold a calendar entry).
 */
export async function calendarRecipients(
  db: Kysely<Database>,
  list: CalendarList,
  eventId: string,
  options: { after?: { createdAt: string; id: string }; limit: number; mailedOnly: boolean },
): Promise<CalendarRecipientRow[]> {
  let query = db
    .selectFrom(list)
    .select(['id', 'created_at', 'name', 'email', 'token'])
    .where('event_id', '=', eventId);
  const { after } = options;
  if (after !== undefined) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)),
    );
  }
  if (options.mailedOnly) query = query.where('mail_id', 'is not', null);
  return query.orderBy('created_at').orderBy('id').limit(options.limit).execute();
}

/** How many people of a list there are (`mailedOnly`: who were sent a mail). */
export async function countCalendarRecipients(
  db: Kysely<Database>,
  list: CalendarList,
  eventId: string,
  mailedOnly: boolean,
): Promise<number> {
  let query = db
    .selectFrom(list)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('event_id', '=', eventId);
  if (mailedOnly) query = query.where('mail_id', 'is not', null);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}
