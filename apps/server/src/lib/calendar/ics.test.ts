import type ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarMethodOf, escapeText, foldLine, senderAddress, writeCalendar } from './ics.js';
import { parseCalendar, SAMPLE_ENTRY } from '../../test/calendar.js';

const entry = SAMPLE_ENTRY;

describe('writeCalendar', () => {
  it('writes an invitation that a third-party parser reads field by field', () => {
    const text = writeCalendar(entry);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const { calendar, vevent } = parseCalendar(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('prodid')).toContain('Livent');
    expect(vevent.getFirstPropertyValue('uid')).toBe(entry.uid);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstPropertyValue('summary')).toBe(entry.summary);
    expect(vevent.getFirstPropertyValue('description')).toBe(entry.description);
    expect(vevent.getFirstPropertyValue('url')).toBe(entry.url);
    expect(vevent.getFirstPropertyValue('location')).toBe(entry.url);
    const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(start.zone?.tzid).toBe('UTC');
    expect(start.toJSDate().toISOString()).toBe('2026-12-03T17:30:00.000Z');
    const end = vevent.getFirstPropertyValue('dtend') as ICAL.Time;
    expect(end.toJSDate().toISOString()).toBe('2026-12-03T19:00:00.000Z');
    expect(text).toContain('DTSTAMP:20261128T100000Z\r\n');
    const organizer = vevent.getFirstProperty('organizer');
    expect(organizer?.getFirstValue()).toBe('mailto:no-reply@example.com');
    expect(organizer?.getParameter('cn')).toBe('Ada, Lovelace: Events');
    const attendee = vevent.getFirstProperty('attendee');
    expect(attendee?.getFirstValue()).toBe('mailto:grace@example.com');
    expect(attendee?.getParameter('cn')).toBe('Grace G Hopper');
    expect(attendee?.getParameter('role')).toBe('REQ-PARTICIPANT');
    expect(attendee?.getParameter('partstat')).toBe('NEEDS-ACTION');
    expect(attendee?.getParameter('rsvp')).toBe('FALSE');
  });

  it('cancels with the same UID and the status CANCELLED', () => {
    const { calendar, vevent } = parseCalendar(
      writeCalendar({ ...entry, method: 'CANCEL', sequence: 3 }),
    );
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(vevent.getFirstPropertyValue('uid')).toBe(entry.uid);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(3);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('publishes without an attendee and gives an open end one hour', () => {
    const { calendar, vevent } = parseCalendar(
      writeCalendar({ ...entry, method: 'PUBLISH', attendee: undefined, end: null }),
    );
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(vevent.getFirstProperty('attendee')).toBeNull();
    const end = vevent.getFirstPropertyValue('dtend') as ICAL.Time;
    expect(end.toJSDate().toISOString()).toBe('2026-12-03T18:30:00.000Z');
  });

  it('writes an all-day start as the date in the event time zone', () => {
    // Midnight in Berlin is the evening before in UTC.
    const start = new Date('2026-12-02T23:00:00Z');
    const text = writeCalendar({ ...entry, allDay: true, start, end: null });
    expect(text).toContain('DTSTART;VALUE=DATE:20261203\r\n');
    expect(text).toContain('DTEND;VALUE=DATE:20261204\r\n');
    const { vevent } = parseCalendar(text);
    const parsed = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(parsed.isDate).toBe(true);
    expect(parsed.toString()).toBe('2026-12-03');
  });

  it('folds a long title with umlauts and emoji at 75 octets without splitting a character', () => {
    const summary = `Grüße aus Köln 🎉 — Jahresrückblick ${'Überraschung 🚀 '.repeat(8)}`.trim();
    const text = writeCalendar({ ...entry, summary });
    for (const line of text.split('\r\n')) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    expect(text).toMatch(/\r\n SUMMARY|\r\n [^\r]/);
    const { vevent } = parseCalendar(text);
    expect(vevent.getFirstPropertyValue('summary')).toBe(summary);
  });
});

describe('calendar helpers', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('leaves short lines alone and starts folded lines with a space', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    const folded = foldLine(`DESCRIPTION:${'x'.repeat(200)}`).split('\r\n');
    expect(folded[0]).toHaveLength(75);
    expect(folded.slice(1).every((line) => line.startsWith(' ') && line.length <= 75)).toBe(true);
  });

  it('reads the method and the sender address', () => {
    expect(calendarMethodOf(writeCalendar(entry))).toBe('REQUEST');
    expect(calendarMethodOf('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n')).toBeUndefined();
    expect(senderAddress('Livent <no-reply@example.com>')).toBe('no-reply@example.com');
    expect(senderAddress('mail@example.com')).toBe('mail@example.com');
  });
});
