import type { Insertable, Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, OwnerChangesTable, PermissionsTable } from '../../db/schema.js';
import { eventsChanged } from '../events/index.js';

/**
 * The SQL of `permissions` and `owner_changes` (ADR 031). A permission's grantor is the event's
 * owner of the moment, so every "granted by me" question joins `events` on its owner. Writes to
 * `permissions` change what the events list answers (its shared events), so they tell the list's
 * cache like writes to `events` do (events-list-cache.ts).
 */

/** A permission with its event and the other party: the grantee or the owner. */
export interface PermissionView {
  id: string;
  event_id: string;
  event_title: string;
  owner_id: string;
  user_id: string;
  status: string;
  created_at: string;
  accepted_at: string | null;
  party_name: string;
  party_email: string;
}

const permissionColumns = [
  'permissions.id',
  'permissions.event_id',
  'events.title as event_title',
  'events.owner_id',
  'permissions.user_id',
  'permissions.status',
  'permissions.created_at',
  'permissions.accepted_at',
  'users.name as party_name',
  'users.email as party_email',
] as const;

/** The permissions on events `ownerId` owns, with each grantee; newest first. */
export async function permissionsGrantedBy(
  db: Kysely<Database>,
  ownerId: string,
): Promise<PermissionView[]> {
  return db
    .selectFrom('permissions')
    .innerJoin('events', 'events.id', 'permissions.event_id')
    .innerJoin('users', 'users.id', 'permissions.user_id')
    .select(permissionColumns)
    .where('events.owner_id', '=', ownerId)
    .orderBy('permissions.created_at', 'desc')
    .orderBy('permissions.id', 'desc')
    .execute();
}

/** The permissions granted to `userId`, with each event's owner; newest first. */
export async function permissionsReceivedBy(
  db: Kysely<Database>,
  userId: string,
): Promise<PermissionView[]> {
  return db
    .selectFrom('permissions')
    .innerJoin('events', 'events.id', 'permissions.event_id')
    .innerJoin('users', 'users.id', 'events.owner_id')
    .select(permissionColumns)
    .where('permissions.user_id', '=', userId)
    .orderBy('permissions.created_at', 'desc')
    .orderBy('permissions.id', 'desc')
    .execute();
}

/** The permission `id` if `userId` is its grantee or its event's owner, with the grantee. */
export async function findPermissionOfParty(
  db: Kysely<Database>,
  id: string,
  userId: string,
): Promise<PermissionView | undefined> {
  return db
    .selectFrom('permissions')
    .innerJoin('events', 'events.id', 'permissions.event_id')
    .innerJoin('users', 'users.id', 'permissions.user_id')
    .select(permissionColumns)
    .where('permissions.id', '=', id)
    .where((eb) =>
      eb.or([eb('permissions.user_id', '=', userId), eb('events.owner_id', '=', userId)]),
    )
    .executeTakeFirst();
}

/** The permission of `userId` on the event, in any state. */
export async function findPermission(
  db: Kysely<Database>,
  eventId: string,
  userId: string,
): Promise<{ id: string; status: string } | undefined> {
  return db
    .selectFrom('permissions')
    .select(['id', 'status'])
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertPermission(
  db: Kysely<Database>,
  row: Insertable<PermissionsTable>,
): Promise<void> {
  eventsChanged();
  await db.insertInto('permissions').values(row).execute();
  eventsChanged();
}

/** Accepts a pending permission; false when it was not pending (accepted or gone meanwhile). */
export async function acceptPermission(
  db: Kysely<Database>,
  id: string,
  acceptedAt: string,
): Promise<boolean> {
  eventsChanged();
  const result = await db
    .updateTable('permissions')
    .set({ status: 'accepted', accepted_at: acceptedAt })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  eventsChanged();
  return result.numUpdatedRows > 0n;
}

export async function deletePermission(db: Kysely<Database>, id: string): Promise<void> {
  eventsChanged();
  await db.deleteFrom('permissions').where('id', '=', id).execute();
  eventsChanged();
}

/** Removes the permissions of these accounts on the event (an owner change's two parties). */
export async function deletePermissionsOn(
  db: Kysely<Database>,
  eventId: string,
  userIds: readonly string[],
): Promise<void> {
  eventsChanged();
  await db
    .deleteFrom('permissions')
    .where('event_id', '=', eventId)
    .where('user_id', 'in', userIds)
    .execute();
  eventsChanged();
}

/** An owner change with its event and both parties. */
export interface OwnerChangeView {
  id: string;
  event_id: string;
  event_title: string;
  owner_id: string;
  from_user_id: string;
  to_user_id: string;
  created_at: string;
  from_name: string;
  from_email: string;
  from_language: string;
  to_name: string;
  to_email: string;
  to_language: string;
}

function ownerChanges(db: Kysely<Database>) {
  return db
    .selectFrom('owner_changes')
    .innerJoin('events', 'events.id', 'owner_changes.event_id')
    .innerJoin('users as from_user', 'from_user.id', 'owner_changes.from_user_id')
    .innerJoin('users as to_user', 'to_user.id', 'owner_changes.to_user_id')
    .select([
      'owner_changes.id',
      'owner_changes.event_id',
      'events.title as event_title',
      'events.owner_id',
      'owner_changes.from_user_id',
      'owner_changes.to_user_id',
      'owner_changes.created_at',
      'from_user.name as from_name',
      'from_user.email as from_email',
      'from_user.email_language as from_language',
      'to_user.name as to_name',
      'to_user.email as to_email',
      'to_user.email_language as to_language',
    ]);
}

/** The pending change of an event the caller owns (the event's owner asked for it). */
export async function ownerChangeOfEvent(
  db: Kysely<Database>,
  eventId: string,
): Promise<OwnerChangeView | undefined> {
  return ownerChanges(db).where('owner_changes.event_id', '=', eventId).executeTakeFirst();
}

/** The changes `userId` asked for on events it still owns; newest first. */
export async function ownerChangesSentBy(
  db: Kysely<Database>,
  userId: string,
): Promise<OwnerChangeView[]> {
  return ownerChanges(db)
    .where('owner_changes.from_user_id', '=', userId)
    .where('events.owner_id', '=', userId)
    .orderBy('owner_changes.created_at', 'desc')
    .orderBy('owner_changes.id', 'desc')
    .execute();
}

/** The changes that would make `userId` the owner; newest first. */
export async function ownerChangesReceivedBy(
  db: Kysely<Database>,
  userId: string,
): Promise<OwnerChangeView[]> {
  return ownerChanges(db)
    .where('owner_changes.to_user_id', '=', userId)
    .orderBy('owner_changes.created_at', 'desc')
    .orderBy('owner_changes.id', 'desc')
    .execute();
}

/**
 * The change `id` if `userId` is the party `side` names: its new owner (`to`), or the event's
 * owner who asked for it (`from`).
 */
export async function findOwnerChange(
  db: Kysely<Database>,
  id: string,
  userId: string,
  side: 'from' | 'to',
): Promise<OwnerChangeView | undefined> {
  let query = ownerChanges(db).where('owner_changes.id', '=', id);
  query =
    side === 'to'
      ? query.where('owner_changes.to_user_id', '=', userId)
      : query
          .where('owner_changes.from_user_id', '=', userId)
          .where('events.owner_id', '=', userId);
  return query.executeTakeFirst();
}

export async function insertOwnerChange(
  db: Kysely<Database>,
  row: Insertable<OwnerChangesTable>,
): Promise<void> {
  await db.insertInto('owner_changes').values(row).execute();
}

export async function deleteOwnerChange(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('owner_changes').where('id', '=', id).execute();
}

/**
 * The event's owner, with the row locked until the transaction ends on PostgreSQL, so that an
 * accept and a delete or a second accept of the same event go one after the other.
 */
export async function lockEventOwner(
  db: Kysely<Database>,
  eventId: string,
  dialect: Dialect,
): Promise<string | undefined> {
  let query = db.selectFrom('events').select('owner_id').where('id', '=', eventId);
  if (dialect === 'postgres') query = query.forUpdate();
  return (await query.executeTakeFirst())?.owner_id;
}
