import { describe, expect, it } from 'vitest';
import {
  eventTimes,
  nextStateChange,
  pageStateAt,
  zonedInstant,
  type EventTimesSettings,
} from './event-times.js';

const settings = (overrides: Partial<EventTimesSettings> = {}): EventTimesSettings => ({
  startMode: 'datetime',
  startDate: '2026-12-03',
  startTime: '18:00',
  timeZone: 'Europe/Berlin',
  durationMinutes: 90,
  pageState: 'auto',
  ...overrides,
});

describe('zonedInstant', () => {
  it('reads the wall clock of the time zone, in winter and in summer', () => {
    expect(zonedInstant('2026-12-03', '18:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-12-03T17:00:00.000Z',
    );
    expect(zonedInstant('2026-07-03', '18:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-07-03T16:00:00.000Z',
    );
    expect(zonedInstant('2026-07-03', '18:00', 'America/New_York').toISOString()).toBe(
      '2026-07-03T22:00:00.000Z',
    );
    expect(zonedInstant('2026-07-03', null, 'UTC').toISOString()).toBe('2026-07-03T00:00:00.000Z');
  });

  it('reads a time skipped in spring with the offset before it, a repeated one as its first', () => {
    // 29 March 2026: Berlin's clocks jump from 02:00 to 03:00.
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(zonedInstant('2026-03-29', '03:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // 25 October 2026: 02:00–03:00 happens twice.
    expect(zonedInstant('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(zonedInstant('2026-10-25', '03:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T02:30:00.000Z',
    );
  });
});

describe('eventTimes and the page state', () => {
  it('derives before, live and after from the start and the duration', () => {
    const s = settings();
    const times = eventTimes(s, 'UTC');
    expect(times.start?.toISOString()).toBe('2026-12-03T17:00:00.000Z');
    expect(times.end?.toISOString()).toBe('2026-12-03T18:30:00.000Z');
    expect(pageStateAt(s, times, new Date('2026-12-03T16:59:59Z'))).toBe('before');
    expect(pageStateAt(s, times, new Date('2026-12-03T17:00:00Z'))).toBe('live');
    expect(pageStateAt(s, times, new Date('2026-12-03T18:30:00Z'))).toBe('after');
    expect(nextStateChange(s, times, new Date('2026-12-03T12:00:00Z'))?.toISOString()).toBe(
      '2026-12-03T17:00:00.000Z',
    );
    expect(nextStateChange(s, times, new Date('2026-12-03T17:30:00Z'))?.toISOString()).toBe(
      '2026-12-03T18:30:00.000Z',
    );
    expect(nextStateChange(s, times, new Date('2026-12-04T00:00:00Z'))).toBeNull();
  });

  it("uses the owner's time zone when the event names none", () => {
    const times = eventTimes(settings({ timeZone: '' }), 'America/New_York');
    expect(times.timeZone).toBe('America/New_York');
    expect(times.start?.toISOString()).toBe('2026-12-03T23:00:00.000Z');
  });

  it('stays live without an end, and without a start date', () => {
    const open = settings({ durationMinutes: null });
    expect(pageStateAt(open, eventTimes(open, 'UTC'), new Date('2027-01-01T00:00:00Z'))).toBe(
      'live',
    );
    const text = settings({ startMode: 'text' });
    const times = eventTimes(text, 'UTC');
    expect(times.start).toBeNull();
    expect(pageStateAt(text, times, new Date('2020-01-01T00:00:00Z'))).toBe('live');
  });

  it("follows the organiser's override whatever the time, and then never changes by itself", () => {
    const s = settings({ pageState: 'ondemand' });
    const times = eventTimes(s, 'UTC');
    expect(pageStateAt(s, times, new Date('2026-12-01T00:00:00Z'))).toBe('ondemand');
    expect(nextStateChange(s, times, new Date('2026-12-01T00:00:00Z'))).toBeNull();
  });
});
