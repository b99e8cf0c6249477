/**
 * Event addresses (ADR 016). A slug is the public page's path on EVENTS_URL, so it is unique
 * across all accounts and never one of the paths the public origin serves itself.
 */

/** The longest slug (the shared `fields.slug()` rule). */
export const SLUG_MAX_LENGTH = 100;

/**
 * First path segments of the public origin that are not event pages: `/uploads/{name}` is
 * served on every host, the rest are kept free for the public pages' own endpoints.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'api',
  'assets',
  'uploads',
  'static',
  'health',
]);

const TRANSLITERATIONS: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  æ: 'ae',
  ø: 'oe',
  œ: 'oe',
  å: 'aa',
  ð: 'd',
  þ: 'th',
  ł: 'l',
};

/**
 * "Sommer-Gala 2025: Köln & Düsseldorf" → `sommer-gala-2025-koeln-duesseldorf`: lowercase
 * ASCII, German umlauts transliterated, other accents dropped, every other run of characters a
 * single `-`. A title without a letter or digit gives `event`.
 */
export function slugFromTitle(title: string): string {
  const ascii = title
    .toLowerCase()
    .replace(/[äöüßæøœåðþł]/g, (char) => TRANSLITERATIONS[char] ?? char)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');
  const slug = trimSlug(ascii.replace(/[^a-z0-9]+/g, '-'), SLUG_MAX_LENGTH);
  return slug === '' ? 'event' : slug;
}

/** Cut to `max` characters without a `-` at either end. */
function trimSlug(slug: string, max: number): string {
  return slug.replace(/^-+/, '').slice(0, max).replace(/-+$/, '');
}

/**
 * The first of `base`, `base-2`, `base-3`, … that is not in `taken` and not reserved; the base
 * is shortened so that the suffix fits into {@link SLUG_MAX_LENGTH}.
 */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : `-${n}`;
    const candidate = `${trimSlug(base, SLUG_MAX_LENGTH - suffix.length) || 'event'}${suffix}`;
    if (!taken.has(candidate) && !RESERVED_SLUGS.has(candidate)) return candidate;
  }
}
