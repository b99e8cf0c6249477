import { describe, expect, it } from 'vitest';
import {
  calendarFilePath,
  googleCalendarLink,
  outlookCalendarLink,
  type CalendarEntry,
} from './links.js';

const entry: CalendarEntry = {
  title: 'Launch & Q&A',
  // 18:30 in Berlin (CET) on 24 December 2026
  start: new Date('2026-12-24T17:30:00Z'),
  end: new Date('2026-12-24T19:00:00Z'),
  allDay: false,
  timeZone: 'Europe/Berlin',
  url: 'https://events.example.com/launch',
  description: 'Our product launch',
};

const query = (link: string) => Object.fromEntries(new URL(link).searchParams);

describe('add-to-calendar links', () => {
  it('fills Google Calendar’s template with the title and the UTC times', () => {
    const link = googleCalendarLink(entry);
    expect(link.startsWith('https://calendar.google.com/calendar/render?')).toBe(true);
    expect(query(link)).toEqual({
      action: 'TEMPLATE',
      text: 'Launch & Q&A',
      dates: '20261224T173000Z/20261224T190000Z',
      details: 'Our product launch\n\nhttps://events.example.com/launch',
      location: 'https://events.example.com/launch',
    });
  });

  it('fills Outlook’s compose page with the title and the UTC times', () => {
    const link = outlookCalendarLink(entry);
    expect(link.startsWith('https://outlook.live.com/calendar/0/action/compose?')).toBe(true);
    expect(query(link)).toEqual({
      path: '/calendar/action/compose',
      rru: 'addevent',
      subject: 'Launch & Q&A',
      startdt: '2026-12-24T17:30:00Z',
      enddt: '2026-12-24T19:00:00Z',
      allday: 'false',
      body: 'Our product launch\n\nhttps://events.example.com/launch',
      location: 'https://events.example.com/launch',
    });
  });

  it('gives an open-ended event an hour, and a page without a description its address', () => {
    const open = { ...entry, end: null, description: '' };
    expect(query(googleCalendarLink(open)).dates).toBe('20261224T173000Z/20261224T183000Z');
    expect(query(outlookCalendarLink(open))).toMatchObject({
      enddt: '2026-12-24T18:30:00Z',
      body: 'https://events.example.com/launch',
    });
  });

  it('makes a date without a time an all-day entry on that date in the event’s time zone', () => {
    // Midnight in Tokyo is the previous day in UTC: the entry is still on the 24th.
    const day = {
      ...entry,
      start: new Date('2026-12-23T15:00:00Z'),
      end: null,
      allDay: true,
      timeZone: 'Asia/Tokyo',
    };
    expect(query(googleCalendarLink(day)).dates).toBe('20261224/20261225');
    expect(query(outlookCalendarLink(day))).toMatchObject({
      startdt: '2026-12-24',
      enddt: '2026-12-25',
      allday: 'true',
    });
    // Two days: the end date is exclusive.
    const twoDays = { ...day, end: new Date('2026-12-25T15:00:00Z') };
    expect(query(googleCalendarLink(twoDays)).dates).toBe('20261224/20261226');
  });

  it('names the event’s and a channel’s .ics file', () => {
    expect(calendarFilePath('launch', null)).toBe('/launch/_calendar.ics');
    expect(calendarFilePath('launch', 'de')).toBe('/launch/de/_calendar.ics');
  });
});
