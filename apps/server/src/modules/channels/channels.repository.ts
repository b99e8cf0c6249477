import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { ChannelsTable, Database } from '../../db/schema.js';
import { bumpEventVersion } from '../events/index.js';

export type ChannelRow = Selectable<ChannelsTable>;

/** The public page changed: a new cache key (ADR 015), and the settings when they changed too. */
export async function touchEvent(
  db: Kysely<Database>,
  eventId: string,
  updatedAt: string,
  settings?: string,
): Promise<void> {
  await bumpEventVersion(db, eventId, {
    updated_at: updatedAt,
    ...(settings === undefined ? {} : { settings }),
  });
}

export async function listChannels(db: Kysely<Database>, eventId: string): Promise<ChannelRow[]> {
  return db
    .selectFrom('channels')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countChannels(db: Kysely<Database>, eventId: string): Promise<number> {
  const { count } = await db
    .selectFrom('channels')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function findChannel(
  db: Kysely<Database>,
  eventId: string,
  channelId: string,
): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('channels')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('id', '=', channelId)
    .executeTakeFirst();
}

/** Whether another channel of the event has the slug. */
export async function slugTaken(
  db: Kysely<Database>,
  eventId: string,
  slug: string,
  exceptChannelId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('channels')
    .select('id')
    .where('event_id', '=', eventId)
    .where('slug', '=', slug);
  if (exceptChannelId) query = query.where('id', '!=', exceptChannelId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Of `ids`, those that are not highlights of the event. */
export async function foreignHighlightIds(
  db: Kysely<Database>,
  eventId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('highlights')
    .select('id')
    .where('event_id', '=', eventId)
    .where('id', 'in', [...ids])
    .execute();
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

export async function insertChannel(
  db: Kysely<Database>,
  channel: Insertable<ChannelsTable>,
): Promise<void> {
  await db.insertInto('channels').values(channel).execute();
}

export async function updateChannel(
  db: Kysely<Database>,
  channelId: string,
  changes: Updateable<ChannelsTable>,
): Promise<void> {
  await db.updateTable('channels').set(changes).where('id', '=', channelId).execute();
}

export async function deleteChannel(db: Kysely<Database>, channelId: string): Promise<void> {
  await db.deleteFrom('channels').where('id', '=', channelId).execute();
}
