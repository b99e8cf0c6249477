import { eventTimes, pageStateAt, type EventSettings, type PageState } from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { appendPageEntry } from '../live-page/index.js';

/**
 * The settings that move the public page from one state to another, or its times: open pages are
 * told at once when one changes (docs/decisions/063-event-times-and-page-states.md).
 */
export const PAGE_STATE_FIELDS = [
  'pageState',
  'startMode',
  'startDate',
  'startTime',
  'timeZone',
  'durationMinutes',
  'replayLink',
] as const satisfies readonly (keyof EventSettings)[];

type StateSettings = Pick<EventSettings, (typeof PAGE_STATE_FIELDS)[number]>;

/** Whether a save changes what decides the page's state (or the replay in it). */
export function changesPageState(before: StateSettings, after: StateSettings): boolean {
  return PAGE_STATE_FIELDS.some((field) => before[field] !== after[field]);
}

/** The page's state at `now`, with the owner's account time zone where the event names none. */
export async function pageStateOf(
  db: Kysely<Database>,
  event: { owner_id: string },
  settings: StateSettings,
  now: Date,
): Promise<PageState> {
  const owner = await db
    .selectFrom('users')
    .select('timezone')
    .where('id', '=', event.owner_id)
    .executeTakeFirst();
  return pageStateAt(settings, eventTimes(settings, owner?.timezone ?? ''), now);
}

/**
 * Appends the `state` page entry `{ state, version }` in the save's transaction (ADR 057: what
 * open pages are told is what was committed); the caller wakes the streams after the commit.
 */
export async function appendPageStateEntry(
  trx: Kysely<Database>,
  event: { id: string; owner_id: string; version: number },
  settings: StateSettings,
  now: Date,
  /** The one channel whose page changes; null: the event's pages. */
  channelId: string | null = null,
): Promise<void> {
  await appendPageEntry(trx, {
    eventId: event.id,
    channelId,
    kind: 'state',
    data: { state: await pageStateOf(trx, event, settings, now), version: event.version },
    at: now.toISOString(),
  });
}
