import { SLUG_MAX_LENGTH, slugFromTitle as sharedSlug, trimSlug } from '@livent/shared/slug';

/**
 * Event addresses (ADR 016). A slug is the public page's path on EVENTS_URL, so it is unique
 * across all accounts and never one of the paths the public origin serves itself.
 */

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

/**
 * The title's slug (the one function the dashboard's preview uses too); a title without a letter
 * or digit gives `event`.
 */
export const slugFromTitle = (title: string): string => sharedSlug(title) || 'event';

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
