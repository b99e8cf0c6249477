import { describe, expect, it } from 'vitest';
import { NAMESPACE_LANGUAGES, SERVER_RESOURCES, translator, type ServerNamespace } from './i18n.js';

/** Every key path of a catalogue, e.g. `channelMenu.rooms`. */
function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

const catalogue = (language: string, namespace: ServerNamespace): unknown =>
  (SERVER_RESOURCES as Record<string, Partial<Record<ServerNamespace, unknown>>>)[language]?.[
    namespace
  ];

const valueAt = (texts: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], texts);

/** Whether a text says "Event" in words: placeholders and host names such as events.example.com aside. */
const mentionsEvent = (text: unknown): boolean =>
  typeof text === 'string' &&
  /event/i.test(text.replace(/\{\{?\s*\w+\s*\}?\}/g, '').replace(/[\w-]+(?:\.[\w-]+)+/g, ''));

describe('server catalogues', () => {
  for (const [namespace, languages] of Object.entries(NAMESPACE_LANGUAGES) as Array<
    [ServerNamespace, readonly string[]]
  >) {
    const english = keys(catalogue('en', namespace)).sort();
    for (const language of languages) {
      it(`${namespace} in ${language} has every English key and no other`, () => {
        const translated = catalogue(language, namespace);
        expect(translated, `${language}/${namespace}.json is missing`).toBeDefined();
        expect(keys(translated).sort()).toEqual(english);
      });
      it(`${namespace} in ${language} has no empty text`, () => {
        const empty = keys(catalogue(language, namespace)).filter((path) => {
          const value = valueAt(catalogue(language, namespace), path);
          return typeof value === 'string' && value.trim() === '';
        });
        expect(empty).toEqual([]);
      });
    }
  }

  it('says "Veranstaltung(en)" in German, never "Event(s)", mails included', () => {
    const mixed = Object.entries(SERVER_RESOURCES.de).flatMap(([namespace, texts]) =>
      keys(texts)
        .filter((path) => mentionsEvent(valueAt(texts, path)))
        .map((path) => `${namespace}.${path}`),
    );
    expect(mixed).toEqual([]);
  });

  it('translates with the fixed language and falls back to English', () => {
    expect(translator('de', 'viewer')('menu')).toBe('Menü');
    expect(translator('xx', 'viewer')('menu')).toBe('Menu');
  });
});
