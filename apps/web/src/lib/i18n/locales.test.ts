import { LANGUAGES } from '@livent/shared';
import { describe, expect, it } from 'vitest';
import { loadAllCatalogues } from './resources';

const resources = await loadAllCatalogues();
/** Every namespace file of any language, so a new file cannot escape the comparison. */
const namespaces = [
  ...new Set(LANGUAGES.flatMap((l) => Object.keys(resources[l]))),
] as (keyof typeof resources.en)[];

/** Every leaf of a catalogue as `path -> value`. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) {
        entries.set(path, leaf);
      }
    }
  } else {
    entries.set(prefix, value);
  }
  return entries;
}

const placeholders = (text: unknown): string[] =>
  typeof text === 'string'
    ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort()
    : [];

/** Whether a text says "Event" in words: placeholders and host names such as events.example.com aside. */
const mentionsEvent = (text: unknown): boolean =>
  typeof text === 'string' &&
  /event/i.test(text.replace(/\{\{?\s*\w+\s*\}?\}/g, '').replace(/[\w-]+(?:\.[\w-]+)+/g, ''));

describe('locale catalogues', () => {
  for (const namespace of namespaces) {
    const english = flatten(resources.en[namespace]);

    for (const language of LANGUAGES) {
      const catalogue = flatten(resources[language][namespace]);

      it(`${language}/${namespace} has the same keys as every other language`, () => {
        for (const other of LANGUAGES) {
          const otherKeys = [...flatten(resources[other][namespace]).keys()];
          expect(
            otherKeys.filter((key) => !catalogue.has(key)),
            `missing in ${language}, present in ${other}`,
          ).toEqual([]);
        }
      });

      it(`${language}/${namespace} has no empty or non-text values`, () => {
        const bad = [...catalogue].filter(
          ([, value]) => typeof value !== 'string' || value.trim() === '',
        );
        expect(bad.map(([key]) => key)).toEqual([]);
      });

      it(`${language}/${namespace} keeps the English placeholders`, () => {
        const mismatched = [...english]
          .filter(
            ([key, text]) => placeholders(text).join() !== placeholders(catalogue.get(key)).join(),
          )
          .map(([key]) => key);
        expect(mismatched).toEqual([]);
      });
    }
  }

  it('says "Veranstaltung(en)" in German, never "Event(s)"', () => {
    const mixed = namespaces.flatMap((namespace) =>
      [...flatten(resources.de[namespace])]
        .filter(([, text]) => mentionsEvent(text))
        .map(([key]) => `${namespace}.${key}`),
    );
    expect(mixed).toEqual([]);
  });

  it('keeps the spec texts verbatim in English (docs/architecture.md, "Contracts")', () => {
    const errors = resources.en.common.errors;
    expect(errors.lost).toBe("You are lost. This page doesn't exist.");
    expect(errors.unknownRoute).toBe('This page could not be found');
    expect(errors.generic).toBe('Sorry. Something went wrong.');
    expect(errors.tooManyRequests).toBe('Too many requests, please try again later.');
  });
});
