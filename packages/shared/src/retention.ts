import { eventTimes, type EventTimesSettings } from './event-times.js';

/**
 * Per event data retention (docs/decisions/073-data-retention-and-privacy.md): the viewers' data
 * of an event is deleted or anonymised a chosen number of days after the event's end.
 */
export const RETENTION_DAYS = [30, 90, 180, 365] as const;
export type RetentionDays = (typeof RETENTION_DAYS)[number];

/** `delete` removes the rows; `anonymise` keeps them (and their counts) without the person. */
export const RETENTION_MODES = ['delete', 'anonymise'] as const;
export type RetentionMode = (typeof RETENTION_MODES)[number];

/** What an anonymised registration's or invitation's address becomes: no address, but unique. */
export const ANONYMISED_EMAIL_PREFIX = 'anonymised-';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the event's viewer data is due for retention, or null when retention is off. Measured from
 * the event's end (its start plus the duration, or the start when it has none); an event without
 * a start date is measured from its last change, so that a page still being worked on is not
 * emptied (ADR 073).
 */
export function retentionDueAt(
  settings: EventTimesSettings & { retentionDays: RetentionDays | null },
  ownerTimeZone: string,
  updatedAt: string,
): Date | null {
  if (settings.retentionDays === null) return null;
  const times = eventTimes(settings, ownerTimeZone);
  const from = times.end ?? times.start ?? new Date(updatedAt);
  return new Date(from.getTime() + settings.retentionDays * DAY_MS);
}
