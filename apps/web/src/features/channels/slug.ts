const TRANSLITERATIONS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** The longest slug the shared schema accepts. */
const SLUG_MAX = 100;

/**
 * A slug suggestion from a title ("Deutsche Übertragung" → `deutsche-uebertragung`): only a-z,
 * 0-9 and single dashes (spec section 5, "slug not valid").
 */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => TRANSLITERATIONS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}
