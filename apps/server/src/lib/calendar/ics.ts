/**
 * The iCalendar writer (RFC 5545) of the event's calendar entries (ADR 064): the public `.ics` of a
 * page (`PUBLISH`) and the invitations in the registration and invitation mails (`REQUEST`, and
 * `CANCEL` when the event is deleted).
 */

/** RFC 5546's methods Livent uses. */
export const CALENDAR_METHODS = ['PUBLISH', 'REQUEST', 'CANCEL'] as const;
export type CalendarMethod = (typeof CALENDAR_METHODS)[number];

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface CalendarEntry {
  method: CalendarMethod;
  /** Stable per event (and recipient): a calendar replaces the entry of the same UID. */
  uid: string;
  /** Raised by each change of the time, so that calendars take the newer entry (RFC 5545 3.8.7.4). */
  sequence: number;
  /** When this text was written. */
  stamp: Date;
  start: Date;
  /** Null: open-ended, written as one hour (ADR 064). */
  end: Date | null;
  /** A start without a time of day: the whole day of `start` in `timeZone`. */
  allDay: boolean;
  /** The event's time zone, for the date of an all-day entry. */
  timeZone: string;
  summary: string;
  description: string;
  /** The page (or the personal link) the entry leads to; also its location. */
  url: string;
  organizer: CalendarPerson;
  /** The invitation's recipient; none in a published `.ics`. */
  attendee?: CalendarPerson;
}

/** What calendars show an open-ended event as (ADR 064). */
export const OPEN_END_MS = 60 * 60_000;

const PRODUCT_ID = '-//Livent//Livent Events//EN';
/** RFC 5545 3.1: lines longer than this many octets are folded. */
const LINE_OCTETS = 75;
const DAY_MS = 24 * 60 * 60_000;

/** The text of a calendar with the one entry, CRLF line ends, folded (RFC 5545 3.1). */
export function writeCalendar(entry: CalendarEntry): string {
  const cancelled = entry.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${PRODUCT_ID}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${entry.method}`,
    'BEGIN:VEVENT',
    `UID:${escapeText(entry.uid)}`,
    `DTSTAMP:${utcDateTime(entry.stamp)}`,
    ...timeLines(entry),
    `SEQUENCE:${entry.sequence}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${escapeText(entry.summary)}`,
    `DESCRIPTION:${escapeText(entry.description)}`,
    `URL:${entry.url}`,
    `LOCATION:${escapeText(entry.url)}`,
    `ORGANIZER;CN=${parameterValue(entry.organizer.name)}:mailto:${entry.organizer.email}`,
    ...(entry.attendee
      ? [
          `ATTENDEE;CN=${parameterValue(entry.attendee.name || entry.attendee.email)};` +
            'ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:' +
            `mailto:${entry.attendee.email}`,
        ]
      : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** The METHOD a calendar text names (the mail's `Content-Type` repeats it), or undefined. */
export function calendarMethodOf(text: string): CalendarMethod | undefined {
  const method = /^METHOD:([A-Z]+)\r?$/m.exec(text)?.[1];
  return CALENDAR_METHODS.find((known) => known === method);
}

/** The address part of a mail sender such as `Livent <no-reply@example.com>`. */
export function senderAddress(from: string): string {
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}

function timeLines(entry: CalendarEntry): string[] {
  if (entry.allDay) {
    const first = zonedDate(entry.start, entry.timeZone);
    const days = entry.end
      ? Math.max(1, Math.ceil((entry.end.getTime() - entry.start.getTime()) / DAY_MS))
      : 1;
    // DTEND of a date is exclusive: the day after the last (RFC 5545 3.6.1).
    const after = new Date(Date.UTC(first.year, first.month - 1, first.day + days));
    return [
      `DTSTART;VALUE=DATE:${basicDate(first.year, first.month, first.day)}`,
      `DTEND;VALUE=DATE:${basicDate(after.getUTCFullYear(), after.getUTCMonth() + 1, after.getUTCDate())}`,
    ];
  }
  const end = entry.end ?? new Date(entry.start.getTime() + OPEN_END_MS);
  return [`DTSTART:${utcDateTime(entry.start)}`, `DTEND:${utcDateTime(end)}`];
}

/** 20261128T153000Z */
function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function basicDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

/** The calendar date of `instant` in `timeZone`. */
function zonedDate(instant: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A parameter value (RFC 5545 3.2): quoted, since names hold commas and colons; a DQUOTE cannot be
 * in it at all, nor control characters.
 */
function parameterValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, '')}"`;
}

/**
 * Folds a content line into lines of at most 75 octets, each further one starting with a space
 * (RFC 5545 3.1), never inside a UTF-8 sequence or between the halves of a surrogate pair.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    // A continuation line's leading space counts towards its 75 octets.
    const limit = lines.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n ');
}
