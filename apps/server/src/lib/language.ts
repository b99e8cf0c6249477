import { DEFAULT_LANGUAGE, LANGUAGES, LOCALE_COOKIE, type Language } from '@livent/shared';
import type { FastifyRequest } from 'fastify';
import { negotiateLanguage } from './accept-language.js';
import { requestCookie } from './cookies.js';

const isLanguage = (value: string | undefined): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/**
 * The language a request asks for, as the dashboard picks its own (apps/web `detectLanguage`):
 * the `lvnt.locale` cookie (the user's explicit choice), else the most preferred supported
 * language of Accept-Language (German for any `de-*`), else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const fromCookie = requestCookie(request, LOCALE_COOKIE);
  if (isLanguage(fromCookie)) return fromCookie;
  return preferredLanguage(request.headers['accept-language']);
}

export function preferredLanguage(acceptLanguage: string | undefined): Language {
  const ordered = [DEFAULT_LANGUAGE, ...LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)];
  return negotiateLanguage(acceptLanguage, ordered) ?? DEFAULT_LANGUAGE;
}
