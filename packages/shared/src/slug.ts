import slugify from '@sindresorhus/slugify';

/** The longest slug the shared `fields.slug()` rule accepts. */
export const SLUG_MAX_LENGTH = 100;

/**
 * Letters that German and the Nordic languages write out as two: the library's default turns
 * "Øresund" into `oresund`, which reads wrong to those who know the name. `&` becomes a dash,
 * not the English "and", because titles are German as often as English. Capitals do not split
 * words ("GmbH" stays `gmbh`, "ÄÖÜ" `aeoeue`).
 */
const REPLACEMENTS: [string, string][] = [
  ['Ø', 'Oe'],
  ['ø', 'oe'],
  ['Æ', 'Ae'],
  ['æ', 'ae'],
  ['Å', 'Aa'],
  ['å', 'aa'],
  ['&', ' '],
];

/**
 * An event's or channel's address from its title, the same in the dashboard's preview and on the
 * server: "Sommer-Gala 2025: Köln & Düsseldorf" → `sommer-gala-2025-koeln-duesseldorf`. Lowercase
 * ASCII letters and digits with single dashes (the `slug` rule), at most
 * {@link SLUG_MAX_LENGTH} characters; empty when the title has nothing to transliterate (emoji
 * only, CJK), so callers choose their fallback.
 */
export function slugFromTitle(title: string): string {
  return trimSlug(
    slugify(title, { customReplacements: REPLACEMENTS, decamelize: false }),
    SLUG_MAX_LENGTH,
  );
}

/** Cut to `max` characters without a dash at either end. */
export function trimSlug(slug: string, max: number): string {
  return slug.replace(/^-+/, '').slice(0, max).replace(/-+$/, '');
}
