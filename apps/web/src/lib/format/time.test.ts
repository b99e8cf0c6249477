import { describe, expect, it } from 'vitest';
import { exactTime, relativeTime } from './time';

describe('relativeTime', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');

  it('names the largest whole unit in the interface language', () => {
    expect(relativeTime('2026-11-24T11:57:00Z', 'en', now)).toBe('3 minutes ago');
    expect(relativeTime('2026-11-23T12:00:00Z', 'de', now)).toBe('gestern');
    expect(relativeTime('2026-11-24T11:59:59Z', 'en', now)).toBe('now');
  });
});

describe('exactTime', () => {
  it("shows the user's time zone, and the browser's for one it does not know", () => {
    expect(exactTime('2026-11-24T12:00:00Z', 'en', 'Asia/Tokyo')).toContain('9:00:00');
    expect(() => exactTime('2026-11-24T12:00:00Z', 'en', 'Mars/Olympus_Mons')).not.toThrow();
  });
});
