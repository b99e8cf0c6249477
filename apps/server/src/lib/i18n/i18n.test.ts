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
          const value = path
            .split('.')
            .reduce<unknown>(
              (node, key) => (node as Record<string, unknown> | undefined)?.[key],
              catalogue(language, namespace),
            );
          return typeof value === 'string' && value.trim() === '';
        });
        expect(empty).toEqual([]);
      });
    }
  }

  it('translates with the fixed language and falls back to English', () => {
    expect(translator('de', 'viewer')('menu')).toBe('Menü');
    expect(translator('xx', 'viewer')('menu')).toBe('Menu');
  });
});
