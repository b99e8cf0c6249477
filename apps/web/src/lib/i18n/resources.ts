import type { Language } from '@livent/shared';
import type enCommon from '../../locales/en/common.json';
import type enScreens from '../../locales/en/screens.json';

/** The namespaces every screen may use; loaded together with the active language. */
export const NAMESPACES = ['common', 'screens'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The English catalogues define the keys (and their types); German must have the same. */
export interface Catalogues {
  common: typeof enCommon;
  screens: typeof enScreens;
}

export type TitleKey = keyof Catalogues['common']['titles'];
export type ScreenKey = keyof Catalogues['screens'];

type CatalogueModule = { default: Record<string, unknown> };

/**
 * Every catalogue file as its own lazily loaded chunk: a visitor downloads only the language
 * they use, and the first load of /login stays within its budget (ADR 009).
 */
const catalogueFiles = import.meta.glob<CatalogueModule>('../../locales/*/*.json');

export async function loadCatalogue(
  language: string,
  namespace: string,
): Promise<Record<string, unknown>> {
  const load = catalogueFiles[`../../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No catalogue ${language}/${namespace}`);
  return (await load()).default;
}

/** Every catalogue file of every language, for tests that compare the languages. */
export async function loadAllCatalogues(): Promise<Record<Language, Catalogues>> {
  const all: Record<string, Record<string, unknown>> = {};
  for (const path of Object.keys(catalogueFiles)) {
    const [, language = '', file = ''] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    (all[language] ??= {})[file] = await loadCatalogue(language, file);
  }
  return all as unknown as Record<Language, Catalogues>;
}
