import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time';

describe('formatDateTime (the user’s time zone setting, ADR 054)', () => {
  const late = '2026-11-23T22:30:00.000Z';

  it('shows the instant in the zone given, in each style', () => {
    expect(formatDateTime(late, 'en', 'Pacific/Auckland')).toBe('Nov 24, 2026');
    expect(formatDateTime(late, 'en', 'Europe/Berlin', 'dateTime')).toBe('Nov 23, 2026, 11:30 PM');
    expect(formatDateTime(late, 'de', 'Europe/Berlin', 'exact')).toBe('23.11.2026, 23:30:00');
    expect(formatDateTime(new Date(late), 'de', 'Asia/Tokyo', 'time')).toBe('07:30:00');
  });

  it('falls back to the browser’s zone for an unknown one, and leaves an invalid date as it is', () => {
    expect(() => formatDateTime(late, 'en', 'Mars/Olympus_Mons')).not.toThrow();
    expect(formatDateTime('not a date', 'en', 'UTC')).toBe('not a date');
  });
});
