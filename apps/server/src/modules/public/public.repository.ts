import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { OWNER_PLAN_COLUMNS, ownerPlanOf } from '../plans/index.js';

/** Read-only queries of the public page (ADR 017). */

/** What decides whether a cached page is still current: one indexed lookup by slug. */
export interface EventHead {
  id: string;
  version: number;
  remote_reload_at: string | null;
  /**
   * The owner's plan that applies at the lookup (ADR 028): its features decide the footer logo
   * and the custom layout order; a lapsed plan changes it, and with it the page's cache key.
   */
  plan: string;
  /**
   * The owner's plan when the event was last saved or the owner last created an event: the page
   * keeps its features after a lapse until then (ADR 054).
   */
  saved_plan: string | null;
  /**
   * The owner's account time zone: an event's times without a zone of their own are in it
   * (docs/decisions/063-event-times-and-page-states.md), so a change of it is a new page.
   */
  owner_time_zone: string;
}

export async function findEventHead(
  db: Kysely<Database>,
  slug: string,
  now: Date,
): Promise<EventHead | undefined> {
  const row = await db
    .selectFrom('events')
    .innerJoin('users', 'users.id', 'events.owner_id')
    .select([
      'events.id',
      'events.version',
      'events.remote_reload_at',
      'events.saved_plan',
      'users.timezone as owner_time_zone',
      ...OWNER_PLAN_COLUMNS,
    ])
    .where('events.slug', '=', slug)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    version: row.version,
    remote_reload_at: row.remote_reload_at,
    plan: ownerPlanOf(row, now).plan,
    saved_plan: row.saved_plan,
    owner_time_zone: row.owner_time_zone,
  };
}

export interface EventContent {
  slug: string;
  title: string;
  settings: string;
  version: number;
  access_generation: number;
}

export async function findEventContent(
  db: Kysely<Database>,
  eventId: string,
): Promise<EventContent | undefined> {
  return db
    .selectFrom('events')
    .select(['slug', 'title', 'settings', 'version', 'access_generation'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

export async function listHighlights(db: Kysely<Database>, eventId: string) {
  return db
    .selectFrom('highlights')
    .select(['id', 'position', 'group_name', 'title', 'description', 'link', 'image'])
    .where('event_id', '=', eventId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

export async function listChannels(db: Kysely<Database>, eventId: string) {
  return db
    .selectFrom('channels')
    .select(['id', 'slug', 'title', 'visible', 'overrides', 'highlight_ids'])
    .where('event_id', '=', eventId)
    .orderBy('created_at')
    .orderBy('slug')
    .execute();
}
