import { LOCALE_COOKIE_MAX_AGE_SECONDS } from '@livent/shared';
import { describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from './i18n';
import { detectLanguage, localeCookie, readCookie } from './language';

describe('language detection', () => {
  it('prefers the locale cookie', () => {
    expect(detectLanguage('a=1; lvnt.locale=de; b=2', ['en-US'])).toBe('de');
    expect(detectLanguage('lvnt.locale=en', ['de-DE'])).toBe('en');
  });

  it('ignores an unknown cookie value and falls back to the browser languages', () => {
    expect(detectLanguage('lvnt.locale=fr', ['de-AT', 'en'])).toBe('de');
    expect(detectLanguage('', ['fr-FR', 'de'])).toBe('de');
  });

  it('uses English when nothing else fits', () => {
    expect(detectLanguage('', ['fr-FR', 'es'])).toBe('en');
    expect(detectLanguage('', [])).toBe('en');
  });

  it('reads cookies by exact name', () => {
    expect(readCookie('xlvnt.locale=de; lvnt.locale=en', 'lvnt.locale')).toBe('en');
    expect(readCookie('other=1', 'lvnt.locale')).toBeUndefined();
  });
});

describe('language switch', () => {
  it('writes a year-long, site-wide, lax cookie (spec section 9)', () => {
    expect(localeCookie('de', false)).toBe(
      `lvnt.locale=de; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`,
    );
    expect(localeCookie('en', true)).toMatch(/; Secure$/);
  });

  it('changes the language without a reload and sets <html lang>', async () => {
    await switchLanguage('de');
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(readCookie(document.cookie, 'lvnt.locale')).toBe('de');
    expect(i18n.t('titles.events')).toBe('Veranstaltungen');
    await switchLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
