/**
 * When an event takes place, and what its page shows because of it (docs/decisions/063-event-times-and-page-states.md).
 *
 * The start stays what it was (a date and time, a free text, or nothing); a date and time are the
 * wall clock of the event's time zone (empty: the owner's account time zone). An optional duration
 * gives the end. The page's state follows from those times unless the organiser overrides it.
 */

/** What the page shows: before the start, the stream, after the end, the replay as the main player. */
export const PAGE_STATES = ['before', 'live', 'after', 'ondemand'] as const;
export type PageState = (typeof PAGE_STATES)[number];
/** The organiser's override: `auto` derives the state from the times. */
export const PAGE_STATE_OVERRIDES = ['auto', ...PAGE_STATES] as const;
export type PageStateOverride = (typeof PAGE_STATE_OVERRIDES)[number];

/** The longest duration an event may have: a week, in minutes. */
export const EVENT_DURATION_MAX_MINUTES = 7 * 24 * 60;

/** What the times depend on (event settings, or a channel's settings over them). */
export interface EventTimesSettings {
  startMode: 'none' | 'datetime' | 'text';
  startDate: string | null;
  startTime: string | null;
  /** IANA name; empty: the owner's account time zone. */
  timeZone: string;
  durationMinutes: number | null;
  pageState: PageStateOverride;
}

export interface EventTimes {
  /** The start instant, or null when the start is not a date (and time). */
  start: Date | null;
  /** The end instant, or null without a start or a duration. */
  end: Date | null;
  /** Whether the start has a time of day (a date alone starts at midnight, all day). */
  allDay: boolean;
  /** The time zone the wall clock times are in. */
  timeZone: string;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - (instant - (instant % 1000));
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` (YYYY-MM-DD) and `time` (HH:MM,
 * null: midnight). A time skipped by a daylight-saving change is read with the offset before it
 * (02:30 on the spring night in Berlin is 03:30 CEST); a repeated one is its first occurrence.
 */
export function zonedInstant(date: string, time: string | null, timeZone: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = (time ?? '00:00').split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Two rounds find the offset in force at the instant (the second corrects across a change).
  const guess = wall - zoneOffsetMs(wall, timeZone);
  const instant = wall - zoneOffsetMs(guess, timeZone);
  const earlier = wall - zoneOffsetMs(instant - 3_600_000, timeZone);
  // Of a repeated hour's two instants, the earlier; of a skipped one, the offset before it.
  return new Date(Math.min(instant, earlier));
}

/** The event's start and end as instants, in its time zone (`ownerTimeZone` when it names none). */
export function eventTimes(settings: EventTimesSettings, ownerTimeZone: string): EventTimes {
  const timeZone = settings.timeZone || ownerTimeZone || 'UTC';
  if (settings.startMode !== 'datetime' || !settings.startDate) {
    return { start: null, end: null, allDay: false, timeZone };
  }
  const start = zonedInstant(settings.startDate, settings.startTime, timeZone);
  const end =
    settings.durationMinutes === null
      ? null
      : new Date(start.getTime() + settings.durationMinutes * 60_000);
  return { start, end, allDay: settings.startTime === null, timeZone };
}

/**
 * The page's state at `now`: the organiser's override, else before the start, after the end, and
 * live in between. Without a start date the page is live (as every page was before states); without
 * an end it stays live until the organiser moves it on.
 */
export function pageStateAt(settings: EventTimesSettings, times: EventTimes, now: Date): PageState {
  if (settings.pageState !== 'auto') return settings.pageState;
  if (times.start && now.getTime() < times.start.getTime()) return 'before';
  if (times.end && now.getTime() >= times.end.getTime()) return 'after';
  return 'live';
}

/**
 * When the derived state next changes after `now` (the start or the end), or null when it will not
 * change by itself: pages and the server's state watcher wake then.
 */
export function nextStateChange(
  settings: EventTimesSettings,
  times: EventTimes,
  now: Date,
): Date | null {
  if (settings.pageState !== 'auto') return null;
  for (const at of [times.start, times.end]) {
    if (at && at.getTime() > now.getTime()) return at;
  }
  return null;
}
