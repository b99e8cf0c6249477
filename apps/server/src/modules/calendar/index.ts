/**
 * The calendar module's public face (ADR 037): the events' calendar entries for the lists' mails
 * and the public `.ics`, and the notices of a new time or a cancellation (ADR 064).
 */
export { CalendarNotices } from './calendar-notices.js';
export { EventCalendars, type EventCalendar } from './event-calendar.js';
