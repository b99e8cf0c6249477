import { DEFAULT_LANGUAGE, LANGUAGES, LOCALE_COOKIE, type Language } from '@livent/shared';
import type { FastifyRequest } from 'fastify';
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
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranges = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters
        .map((parameter) => /^\s*q=([0-9.]+)\s*$/i.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      return {
        primary: tag.trim().toLowerCase().split('-')[0],
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((range) => range.q > 0)
    // Stable: equal weights keep the header's order.
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges.map((range) => range.primary).find(isLanguage) ?? DEFAULT_LANGUAGE;
}
