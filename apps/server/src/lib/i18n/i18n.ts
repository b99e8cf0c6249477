import { LANGUAGES, VIEWER_LANGUAGES } from '@livent/shared';
import i18next, { type TFunction } from 'i18next';
import deEmails from '../../locales/de/emails.json' with { type: 'json' };
import deExports from '../../locales/de/exports.json' with { type: 'json' };
import deViewer from '../../locales/de/viewer.json' with { type: 'json' };
import enEmails from '../../locales/en/emails.json' with { type: 'json' };
import enExports from '../../locales/en/exports.json' with { type: 'json' };
import enViewer from '../../locales/en/viewer.json' with { type: 'json' };
import esViewer from '../../locales/es/viewer.json' with { type: 'json' };
import frViewer from '../../locales/fr/viewer.json' with { type: 'json' };

/**
 * What the server writes in the reader's language — the public page's own texts (`viewer`), the
 * emails (`emails`) and the dashboard's file exports (`exports`) — lives in i18next JSON catalogues under `src/locales/{language}/`, as the
 * dashboard's do (docs/architecture.md, "Stack": i18n). English is the source; every other language of
 * a namespace has the same keys (checked by `i18n.test.ts`).
 */
export const SERVER_RESOURCES = {
  en: { viewer: enViewer, emails: enEmails, exports: enExports },
  de: { viewer: deViewer, emails: deEmails, exports: deExports },
  es: { viewer: esViewer },
  fr: { viewer: frViewer },
} as const;

export type ServerNamespace = keyof (typeof SERVER_RESOURCES)['en'];

/**
 * The languages each namespace is written in: viewers may read es and fr; emails and exports are
 * for organisers, in the dashboard's en and de.
 */
export const NAMESPACE_LANGUAGES: Record<ServerNamespace, readonly string[]> = {
  viewer: VIEWER_LANGUAGES,
  emails: LANGUAGES,
  exports: LANGUAGES,
};

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: (typeof SERVER_RESOURCES)['en'];
    returnNull: false;
  }
}

// One instance of the server's own, initialised synchronously from the bundled catalogues: no
// request ever waits for a translation to load.
const i18n = i18next.createInstance();
void i18n.init({
  resources: SERVER_RESOURCES,
  fallbackLng: 'en',
  ns: ['viewer', 'emails', 'exports'],
  initAsync: false,
  // React escapes what it renders; plain-text mails must not carry HTML entities.
  interpolation: { escapeValue: false },
});

/** A translate function fixed to one language and namespace, e.g. `translator('de', 'viewer')`. */
export function translator<N extends ServerNamespace>(
  language: string,
  namespace: N,
): TFunction<N> {
  return i18n.getFixedT(language, namespace);
}
