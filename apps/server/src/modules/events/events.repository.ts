import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { reusableQuery } from '../../db/reusable-query.js';
import type { Database, EventsTable } from '../../db/schema.js';
import { announceChange } from '../../lib/change-notices.js';
import { OWNER_PLAN_COLUMNS, type OwnerPlanColumns } from '../plans/index.js';
import { eventsChanged } from './events-list-cache.js';

export type EventRow = Selectable<EventsTable>;
/** An event with its owner's plan columns; `ownerPlanOf` (ADR 028) decides what may change. */
export type EventWithPlanRow = EventRow & OwnerPlanColumns;
/**
 * What decides the caller's role on a row (event-access.ts): the owner, and the grantee of an
 * accepted permission when the caller holds one (ADR 031), else null.
 */
export interface RoleColumns {
  owner_id: string;
  shared_user_id: string | null;
}
/** An event of the events list. */
export type EventListRow = Pick<EventRow, 'id' | 'title' | 'slug' | 'created_at' | 'owner_id'>;
/** An event with its owner's plan and what decides the caller's role. */
export type AccessibleEventRow = EventWithPlanRow & RoleColumns;

/**
 * The events `userId` may have a role on, newest first: the events they own (the index
 * `events_owner_id_created_at_id` serves that branch, sort included) and those shared with them by
 * an accepted permission (`shared_user_id`, ADR 031). event-access.ts decides the role of each
 * row, and this filter must let through every row it gives one. The dashboard asks for it on every
 * page, so it is compiled once (ADR 020, second pass).
 */
const accessibleEvents = reusableQuery((db: Kysely<Database>, userId: string) =>
  db
    .selectFrom('events')
    .select(['id', 'title', 'slug', 'created_at', 'owner_id'])
    .select(sql<string | null>`null`.as('shared_user_id'))
    .where('owner_id', '=', userId)
    .unionAll(
      db
        .selectFrom('permissions')
        .innerJoin('events', 'events.id', 'permissions.event_id')
        .select([
          'events.id',
          'events.title',
          'events.slug',
          'events.created_at',
          'events.owner_id',
          'permissions.user_id as shared_user_id',
        ])
        .where('permissions.user_id', '=', userId)
        .where('permissions.status', '=', 'accepted'),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc'),
);

export async function listAccessibleEvents(
  db: Kysely<Database>,
  userId: string,
): Promise<(EventListRow & RoleColumns)[]> {
  return accessibleEvents.execute(db, userId);
}

/**
 * The event `eventId` if `userId` may have a role on it (as in {@link listAccessibleEvents}):
 * they own it or hold an accepted permission, read in the same query so that a revocation counts
 * from the very next request (nothing caches a role, ADR 031); event-access.ts decides which
 * role. With `lock` on PostgreSQL the row stays locked until the transaction ends, so that two
 * saves of one event cannot undo each other's fields.
 */
export async function findAccessibleEvent(
  db: Kysely<Database>,
  eventId: string,
  userId: string,
  options: { lock?: Dialect } = {},
): Promise<AccessibleEventRow | undefined> {
  let query = db
    .selectFrom('events')
    .innerJoin('users', 'users.id', 'events.owner_id')
    .leftJoin('permissions', (join) =>
      join
        .onRef('permissions.event_id', '=', 'events.id')
        .on('permissions.user_id', '=', userId)
        .on('permissions.status', '=', 'accepted'),
    )
    .selectAll('events')
    .select(OWNER_PLAN_COLUMNS)
    .select('permissions.user_id as shared_user_id')
    .where('events.id', '=', eventId)
    .where((eb) =>
      eb.or([eb('events.owner_id', '=', userId), eb('permissions.user_id', 'is not', null)]),
    );
  if (options.lock === 'postgres') query = query.forUpdate('events');
  return query.executeTakeFirst();
}

/**
 * Hands the event to `newOwnerId` (ADR 031, owner change); a new `version`, since what the
 * public page may show follows the owner's plan.
 */
export async function changeEventOwner(
  db: Kysely<Database>,
  eventId: string,
  newOwnerId: string,
  updatedAt: string,
): Promise<void> {
  eventsChanged();
  await db
    .updateTable('events')
    .set((eb) => ({ owner_id: newOwnerId, version: eb('version', '+', 1), updated_at: updatedAt }))
    .where('id', '=', eventId)
    .execute();
  eventsChanged();
}

/** The slugs that are `base` or start with `base-` (candidates for a free suffix). */
export async function slugsStartingWith(db: Kysely<Database>, base: string): Promise<Set<string>> {
  // `base` holds only a-z, 0-9 and '-', none of which LIKE treats specially.
  const rows = await db
    .selectFrom('events')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return new Set(rows.map((row) => row.slug));
}

/** Whether an event other than `exceptEventId` has the slug. */
export async function slugTaken(
  db: Kysely<Database>,
  slug: string,
  exceptEventId?: string,
): Promise<boolean> {
  let query = db.selectFrom('events').select('id').where('slug', '=', slug);
  if (exceptEventId) query = query.where('id', '!=', exceptEventId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertEvent(
  db: Kysely<Database>,
  event: Insertable<EventsTable>,
): Promise<void> {
  eventsChanged();
  await db.insertInto('events').values(event).execute();
  eventsChanged();
}

export interface EventChanges {
  title?: string;
  slug?: string;
  settings?: string;
  remote_reload_at?: string;
  messages_guest_token?: string | null;
  messages_guest_token_replaced?: string;
  /** The owner's plan at this save (ADR 054). */
  saved_plan?: string;
}

/**
 * Applies the changes and bumps `version` (the public page's cache key, ADR 015) and
 * `updated_at` in one statement; answers the row as it is now. With `endAccess` it also raises
 * the access generation (ADR 044) and tells every instance.
 */
export async function updateEvent(
  db: Kysely<Database>,
  eventId: string,
  updatedAt: string,
  changes: EventChanges = {},
  options: EndAccessOption = {},
): Promise<EventRow> {
  eventsChanged();
  const row = await db
    .updateTable('events')
    .set((eb) => ({
      ...changes,
      version: eb('version', '+', 1),
      updated_at: updatedAt,
      ...(options.endAccess ? { access_generation: eb('access_generation', '+', 1) } : {}),
      ...(options.timeMoved ? { calendar_sequence: eb('calendar_sequence', '+', 1) } : {}),
    }))
    .where('id', '=', eventId)
    .returningAll()
    .executeTakeFirstOrThrow();
  eventsChanged();
  if (options.endAccess) await announceChange(db, 'access', eventId);
  return row;
}

export interface EndAccessOption {
  /**
   * The change ends the viewers' access granted before (a new access mode, code or single
   * sign-on provider): the access generation goes up (ADR 044).
   */
  endAccess?: boolean;
  /** The start, time zone or duration changed: the calendar entries' SEQUENCE goes up (ADR 064). */
  timeMoved?: boolean;
}

/**
 * Records that the registrants and invitees were told of the calendar SEQUENCE `sequence`
 * (ADR 064); not a change of the page, so no new version.
 */
export async function markCalendarNotified(
  db: Kysely<Database>,
  eventId: string,
  sequence: number,
): Promise<void> {
  await db
    .updateTable('events')
    .set({ calendar_notified_sequence: sequence })
    .where('id', '=', eventId)
    .execute();
}

/**
 * Every event of the owner is now kept under `plan` (ADR 054: a new event ends what the pages
 * kept of a lapsed plan). The public page's head reads the column, so its cache key follows.
 */
export async function settleOwnerEventsPlan(
  db: Kysely<Database>,
  ownerId: string,
  plan: string,
): Promise<void> {
  eventsChanged();
  await db
    .updateTable('events')
    .set({ saved_plan: plan })
    .where('owner_id', '=', ownerId)
    .execute();
  eventsChanged();
}

/**
 * A new cache key for the public page (ADR 015) and the given columns, for changes kept in other
 * tables (channels, single sign-on): every write to `events` goes through this module, which tells
 * the events list's cache (events-list-cache.ts).
 */
export async function bumpEventVersion(
  db: Kysely<Database>,
  eventId: string,
  changes: { updated_at?: string; settings?: string } = {},
  options: EndAccessOption = {},
): Promise<void> {
  eventsChanged();
  await db
    .updateTable('events')
    .set((eb) => ({
      ...changes,
      version: eb('version', '+', 1),
      ...(options.endAccess ? { access_generation: eb('access_generation', '+', 1) } : {}),
      ...(options.timeMoved ? { calendar_sequence: eb('calendar_sequence', '+', 1) } : {}),
    }))
    .where('id', '=', eventId)
    .execute();
  eventsChanged();
  if (options.endAccess) await announceChange(db, 'access', eventId);
}

/** Deletes the event; its highlights and channels go with it (foreign-key cascade). */
export async function deleteEvent(db: Kysely<Database>, eventId: string): Promise<void> {
  eventsChanged();
  await db.deleteFrom('events').where('id', '=', eventId).execute();
  eventsChanged();
}

/** The event's parts that are counted in its overview. */
export interface EventPartCounts {
  highlightCount: number;
  channelCount: number;
  registrationCount: number;
  invitationCount: number;
  loginCount: number;
}

const COUNTED_PARTS = {
  highlightCount: 'highlights',
  channelCount: 'channels',
  registrationCount: 'registrations',
  invitationCount: 'invitations',
  loginCount: 'access_logins',
} as const satisfies Record<keyof EventPartCounts, keyof Database>;

/** How many of each counted part the event has, in one round trip. */
export async function countEventParts(
  db: Kysely<Database>,
  eventId: string,
): Promise<EventPartCounts> {
  const row = await db
    .selectNoFrom((eb) =>
      Object.entries(COUNTED_PARTS).map(([alias, table]) =>
        eb
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .where('event_id', '=', eventId)
          .as(alias),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(COUNTED_PARTS).map((alias) => [alias, Number(counts[alias])]),
  ) as unknown as EventPartCounts;
}

/** The ids of the event's channels (routing rules may only point at these). */
export async function channelIdsOfEvent(
  db: Kysely<Database>,
  eventId: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('channels')
    .select('id')
    .where('event_id', '=', eventId)
    .execute();
  return new Set(rows.map((row) => row.id));
}
