import { LANGUAGES, type Language } from '@livent/shared/constants';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, localeCookie } from './language';
import { NAMESPACES, loadCatalogue, type Namespace } from './resources';

export const i18n = i18next.createInstance();

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

/** An i18next backend that loads each catalogue as a chunk of the build (ADR 009). */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    loadCatalogue(language, namespace).then(
      (catalogue) => callback(null, catalogue),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Initialises i18next with the active language's catalogues; resolves once they are loaded, so
 * the first render already has its texts. Only the active language is downloaded: the locale
 * test guarantees that every key exists in both languages, so no fallback language is needed.
 */
export async function initI18n(
  language: Language = detectLanguage(document.cookie, navigator.languages),
): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', syncDocumentLanguage);
    await i18n
      .use(catalogueBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: false,
        supportedLngs: [...LANGUAGES],
        load: 'currentOnly',
        ns: [...NAMESPACES],
        defaultNS: 'common',
        interpolation: { escapeValue: false }, // React escapes already.
        returnNull: false,
        react: { useSuspense: false },
      });
    syncDocumentLanguage(language);
  }
  return i18n;
}

/**
 * The language switch: remembers the choice in the locale cookie and changes the language
 * without a reload (its catalogues load first); `<html lang>` follows.
 */
export async function switchLanguage(language: Language): Promise<void> {
  document.cookie = localeCookie(language, window.location.protocol === 'https:');
  await i18n.changeLanguage(language);
}

/**
 * Loads namespaces of the active language (and keeps them for later language switches), for a
 * route's `beforeLoad` or `loader`: its screen then renders with its texts from the start.
 */
export async function loadNamespaces(...namespaces: Namespace[]): Promise<void> {
  await i18n.loadNamespaces(namespaces);
}
