import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  type Language,
} from '@livent/shared/constants';

const isLanguage = (value: string | undefined): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/** Reads one cookie's value from a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * The interface language: the locale cookie first (the user's explicit choice), then the
 * browser's languages (German for any `de-*`), else English (docs/product-spec.md sections 1 and 4).
 */
export function detectLanguage(
  cookieString: string,
  browserLanguages: readonly string[],
): Language {
  const fromCookie = readCookie(cookieString, LOCALE_COOKIE);
  if (isLanguage(fromCookie)) return fromCookie;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** The cookie string the language switch writes (365 days, docs/product-spec.md section 9; no local storage). */
export function localeCookie(language: Language, secure: boolean): string {
  const attributes = [
    `${LOCALE_COOKIE}=${language}`,
    `Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}`,
    'Path=/',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}
