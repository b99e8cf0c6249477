import Negotiator from 'negotiator';

/** Accept-Language headers longer than this are cut (a header is a client's to make up). */
const ACCEPT_LANGUAGE_MAX_LENGTH = 512;

const negotiator = (acceptLanguage: string | undefined) =>
  new Negotiator({
    headers: { 'accept-language': acceptLanguage?.slice(0, ACCEPT_LANGUAGE_MAX_LENGTH) },
  });

/**
 * The most preferred of `supported` by Accept-Language (`de-CH` asks for `de` too), or undefined.
 * A wildcard gets the first of `supported`, so that comes first what is meant as the default.
 */
export function negotiateLanguage<L extends string>(
  acceptLanguage: string | undefined,
  supported: readonly L[],
): L | undefined {
  if (!acceptLanguage) return undefined;
  return negotiator(acceptLanguage).language(supported) as L | undefined;
}

/**
 * The primary subtags an Accept-Language header asks for, most preferred first, without
 * duplicates, wildcards and refused (`q=0`) languages: `de-CH, en;q=0.8, de;q=0.9` → `de, en`.
 */
export function acceptedLanguages(acceptLanguage: string | undefined): string[] {
  if (!acceptLanguage) return [];
  const primaries = negotiator(acceptLanguage)
    .languages()
    .map((tag) => tag.split('-')[0]?.toLowerCase() ?? '')
    .filter((primary) => /^[a-z]{2,3}$/.test(primary));
  return [...new Set(primaries)];
}
