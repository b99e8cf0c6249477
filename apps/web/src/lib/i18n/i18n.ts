import { LANGUAGES, type Language } from '@livent/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, localeCookie } from './language';
import { NAMESPACES, resources } from './resources';

export const i18n = i18next.createInstance();

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

/** Initialises i18next synchronously (the catalogues are bundled), before the first render. */
export function initI18n(
  language: Language = detectLanguage(document.cookie, navigator.languages),
) {
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', syncDocumentLanguage);
    void i18n.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false }, // React escapes already.
      returnNull: false,
      initAsync: false,
    });
    syncDocumentLanguage(language);
  }
  return i18n;
}

/**
 * The language switch: remembers the choice in the locale cookie and changes the language
 * without a reload; `<html lang>` follows through the `languageChanged` listener.
 */
export async function switchLanguage(language: Language): Promise<void> {
  document.cookie = localeCookie(language, window.location.protocol === 'https:');
  await i18n.changeLanguage(language);
}
