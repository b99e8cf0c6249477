import { describe, expect, it } from 'vitest';
import { acceptedLanguages, negotiateLanguage } from './accept-language.js';
import { preferredLanguage } from './language.js';

describe('negotiateLanguage', () => {
  const supported = ['en', 'de', 'es', 'fr'] as const;

  it.each([
    ['de-DE,de;q=0.9,en;q=0.5', 'de'],
    ['fr-CH, fr;q=0.9', 'fr'],
    ['ja, it;q=0.8', undefined],
    ['ja, *;q=0.1', 'en'],
    ['de;q=0, es', 'es'],
    ['en;q=0.2, de;q=0.8', 'de'],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, language) => {
    expect(negotiateLanguage(header, supported)).toBe(language);
  });

  it('reads only the first 512 characters of a header', () => {
    expect(negotiateLanguage(`${'x-'.repeat(300)}, de`, supported)).toBeUndefined();
  });
});

describe('acceptedLanguages and preferredLanguage', () => {
  it('lists primary subtags by preference without wildcards, refusals and duplicates', () => {
    expect(acceptedLanguages('de-CH, en;q=0.8, de;q=0.9, fr;q=0, *;q=0.1')).toEqual(['de', 'en']);
  });

  it('picks the dashboard language, English by default', () => {
    expect(preferredLanguage('de-AT,de;q=0.9')).toBe('de');
    expect(preferredLanguage('fr, *;q=0.5')).toBe('en');
    expect(preferredLanguage(undefined)).toBe('en');
  });
});
