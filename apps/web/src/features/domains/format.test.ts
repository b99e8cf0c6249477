import { describe, expect, it } from 'vitest';
import { formatCheckTime, isLikelyApex, errorWithHint } from './format';

describe('domain formatting', () => {
  it('shows check times in the user time zone, the browser one when it is unknown', () => {
    const iso = '2026-11-24T23:30:00.000Z';
    expect(formatCheckTime(iso, 'en', 'Europe/Berlin')).toBe('Nov 25, 2026, 12:30 AM');
    expect(formatCheckTime(iso, 'de', 'UTC')).toBe('24.11.2026, 23:30');
    expect(() => formatCheckTime(iso, 'en', 'Not/AZone')).not.toThrow();
  });

  it('turns a generic validation message into the field hint, and leaves others', () => {
    const url = 'validation.url';
    expect(errorWithHint({ message: url }, url, 'Use https://')).toBe('text:Use https://');
    expect(errorWithHint({ message: 'validation.maxLength?max=2048' }, url, 'x')).toBe(
      'validation.maxLength?max=2048',
    );
    expect(errorWithHint({ message: 'serverErrors.domainTaken' }, 'validation.hostname', 'x')).toBe(
      'serverErrors.domainTaken',
    );
    expect(errorWithHint(undefined, url, 'x')).toBeUndefined();
  });

  it('takes a two-label name for a zone apex', () => {
    expect(isLikelyApex('example.com')).toBe(true);
    expect(isLikelyApex('events.example.com')).toBe(false);
  });
});
