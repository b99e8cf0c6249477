import { describe, expect, it } from 'vitest';
import { CHANGELOG, changelogEntrySchema, changelogFor, latestChangelogDate } from './changelog.js';
import { LANGUAGES } from './constants.js';

describe('changelog', () => {
  it('has an entry text in every language, dated YYYY-MM-DD', () => {
    for (const entry of CHANGELOG) {
      for (const language of LANGUAGES) {
        expect(
          changelogEntrySchema.parse({ date: entry.date, text: entry.text[language] }).text,
        ).not.toBe('');
      }
    }
  });

  it('answers the entries of one language, newest first', () => {
    const german = changelogFor('de');
    expect(german).toHaveLength(CHANGELOG.length);
    expect(german.map((entry) => entry.date)).toEqual(
      [...german.map((entry) => entry.date)].sort().reverse(),
    );
    expect(german[0]?.text).not.toBe(changelogFor('en')[0]?.text);
    expect(latestChangelogDate()).toBe(german[0]?.date);
  });

  // The what's-new dialog has something to say about each part of the product that exists.
  it.each([
    [
      'en',
      [
        'Events',
        'Messages',
        'Access',
        'Live stats',
        'Sharing',
        'Custom domains',
        'Plans and billing',
      ],
    ],
    [
      'de',
      [
        'Veranstaltungen',
        'Nachrichten',
        'Zugang',
        'Live-Statistik',
        'Freigaben',
        'Eigene Domains',
        'Tarife und Abrechnung',
      ],
    ],
  ] as const)('names what has been built (%s)', (language, areas) => {
    const topics = changelogFor(language).map((entry) => entry.text.split(':')[0]);
    for (const area of areas) expect(topics).toContain(area);
  });
});
