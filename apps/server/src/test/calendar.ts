import ICAL from 'ical.js';
import type { CalendarEntry } from '../lib/calendar/ics.js';

/** An invitation as the tests write it; each test changes what it is about. */
export const SAMPLE_ENTRY: CalendarEntry = {
  method: 'REQUEST',
  uid: 'event-1.registration.reg-1@events.example.com',
  sequence: 2,
  stamp: new Date('2026-11-28T10:00:00Z'),
  start: new Date('2026-12-03T17:30:00Z'),
  end: new Date('2026-12-03T19:00:00Z'),
  allDay: false,
  timeZone: 'Europe/Berlin',
  summary: 'Quarterly results; Q&A, live',
  description: 'Your personal link: https://events.example.com/q4/_access/r/abc',
  url: 'https://events.example.com/q4',
  organizer: { name: 'Ada, Lovelace: Events', email: 'no-reply@example.com' },
  attendee: { name: 'Grace "G" Hopper', email: 'grace@example.com' },
};

/** Parses a calendar text with ical.js (a third-party parser): the calendar and its one event. */
export function parseCalendar(text: string): {
  calendar: ICAL.Component;
  vevent: ICAL.Component;
} {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { calendar, vevent };
}

/** An event property's value as a JavaScript date (DTSTART, DTEND). */
export function calendarInstant(vevent: ICAL.Component, name: string): string {
  return (vevent.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
}
