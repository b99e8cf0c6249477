import { describe, expect, it } from 'vitest';
import { formatCheckTime, isLikelyApex, redirectError } from './format';

describe('domain formatting', () => {
  it('shows check times in the user time zone, the browser one when it is unknown', () => {
    const iso = '2026-11-24T23:30:00.000Z';
    expect(formatCheckTime(iso, 'en', 'Europe/Berlin')).toBe('Nov 25, 2026, 12:30 AM');
    expect(formatCheckTime(iso, 'de', 'UTC')).toBe('24.11.2026, 23:30');
    expect(() => formatCheckTime(iso, 'en', 'Not/AZone')).not.toThrow();
  });

  it('turns the generic URL message of the redirect into the https hint', () => {
    expect(redirectError({ message: 'validation.url' }, 'Use https://')).toBe('text:Use https://');
    expect(redirectError({ message: 'validation.maxLength?max=2048' }, 'x')).toBe(
      'validation.maxLength?max=2048',
    );
    expect(redirectError(undefined, 'x')).toBeUndefined();
  });

  it('takes a two-label name for a zone apex', () => {
    expect(isLikelyApex('example.com')).toBe(true);
    expect(isLikelyApex('events.example.com')).toBe(false);
  });
});
