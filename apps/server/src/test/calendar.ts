import ICAL from 'ical.js';

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
