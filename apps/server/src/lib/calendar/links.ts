/**
 * The public page's "add to calendar" links (docs/decisions/063-event-times-and-page-states.md):
 * Google Calendar's and Outlook's compose pages, filled from the query string, and the path of the
 * event's `.ics` file. Plain links: nothing of Google's or Microsoft's loads with the page.
 */

/** What a calendar entry says. */
export interface CalendarEntry {
  title: string;
  start: Date;
  /** The end; null: the entry lasts {@link DEFAULT_ENTRY_MINUTES} (calendars need one). */
  end: Date | null;
  /** A date without a time of day: an all-day entry on the date in `timeZone`. */
  allDay: boolean;
  timeZone: string;
  /** The page's address: the entry's location and description. */
  url: string;
  description: string;
}

/** How long an entry lasts without an end: an hour, as the calendars' own default. */
export const DEFAULT_ENTRY_MINUTES = 60;
const DAY_MS = 24 * 60 * 60_000;

/** The date `instant` falls on in `timeZone`, as YYYY-MM-DD. */
function wallDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The day after `date` (YYYY-MM-DD). */
function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * The entry's span: instants for a timed entry; for an all-day one, its first date and the date
 * after its last (calendars take the end of an all-day span as exclusive).
 */
function span(entry: CalendarEntry): { start: string; end: string } {
  if (entry.allDay) {
    const first = wallDate(entry.start, entry.timeZone);
    const last = entry.end
      ? wallDate(new Date(Math.max(entry.start.getTime(), entry.end.getTime() - 1)), entry.timeZone)
      : first;
    return { start: first, end: nextDay(last) };
  }
  const end = entry.end ?? new Date(entry.start.getTime() + DEFAULT_ENTRY_MINUTES * 60_000);
  return { start: entry.start.toISOString(), end: end.toISOString() };
}

const details = (entry: CalendarEntry) =>
  entry.description ? `${entry.description}\n\n${entry.url}` : entry.url;

/** Google Calendar's template: `dates` in UTC (`…Z`), or as dates for an all-day entry. */
export function googleCalendarLink(entry: CalendarEntry): string {
  const { start, end } = span(entry);
  // 2026-12-24T17:30:00.000Z → 20261224T173000Z; 2026-12-24 → 20261224
  const compact = (value: string) => value.replace(/\.\d{3}/, '').replace(/[-:]/g, '');
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: entry.title,
    dates: `${compact(start)}/${compact(end)}`,
    details: details(entry),
    location: entry.url,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Outlook on the web's compose page (outlook.live.com takes work accounts' links too). */
export function outlookCalendarLink(entry: CalendarEntry): string {
  const { start, end } = span(entry);
  const instant = (value: string) => value.replace(/\.\d{3}Z$/, 'Z');
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: entry.title,
    startdt: instant(start),
    enddt: instant(end),
    allday: String(entry.allDay),
    body: details(entry),
    location: entry.url,
  });
  return `https://outlook.live.com/calendar/0/action/compose?${params.toString()}`;
}

/** The path of the event's (or its channel's) `.ics` file on the events origin. */
export function calendarFilePath(eventSlug: string, channelSlug: string | null): string {
  return channelSlug ? `/${eventSlug}/${channelSlug}/_calendar.ics` : `/${eventSlug}/_calendar.ics`;
}
