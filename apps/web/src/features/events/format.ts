/** A date in the user's time zone setting (spec section 3, "Settings"), in the interface language. */
export function formatDate(iso: string, language: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone }).format(date);
  } catch {
    // An unknown time zone name: the browser's own.
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
  }
}

/** The public link without its scheme, as people read and type it. */
export const displayUrl = (url: string): string => url.replace(/^https?:\/\//, '');

/** What the server derives a slug from a title like (a preview only; the server decides). */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}
