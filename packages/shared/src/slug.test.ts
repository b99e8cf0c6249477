import { describe, expect, it } from 'vitest';
import { fields } from './validation.js';
import { SLUG_MAX_LENGTH, slugFromTitle } from './slug.js';

describe('slugFromTitle', () => {
  it.each([
    ['Sommer-Gala 2025: Köln & Düsseldorf', 'sommer-gala-2025-koeln-duesseldorf'],
    ['Große Straße', 'grosse-strasse'],
    ['Øresund', 'oeresund'],
    ['Ærø Åbent', 'aeroe-aabent'],
    ['ÄÖÜ GmbH', 'aeoeue-gmbh'],
    ['Crème brûlée à Paris', 'creme-brulee-a-paris'],
    ['Łódź 2026', 'lodz-2026'],
    ['🎉 Launch party 🎉', 'launch-party'],
    ['  Salle Français #2 ', 'salle-francais-2'],
  ])('%s → %s', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it('gives nothing for titles without anything to transliterate (emoji only, CJK)', () => {
    expect(slugFromTitle('🎉🎉')).toBe('');
    expect(slugFromTitle('!!!')).toBe('');
    expect(slugFromTitle('東京')).toBe('');
  });

  it('cuts long titles at a word without a dash at the end', () => {
    const slug = slugFromTitle(`${'a'.repeat(99)} b`);
    expect(slug).toBe('a'.repeat(99));
    expect(slugFromTitle('Wort '.repeat(60)).length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
  });

  it('always gives what the slug rule accepts (or nothing)', () => {
    const schema = fields.slug();
    for (const title of [
      'Øresund',
      'ß'.repeat(80),
      'x – y — z',
      'Ünïcödé 🎉 東京 test',
      'A'.repeat(300),
    ]) {
      const slug = slugFromTitle(title);
      expect(slug === '' || schema.safeParse(slug).success, slug).toBe(true);
    }
  });
});
