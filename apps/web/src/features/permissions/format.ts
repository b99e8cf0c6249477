/** A date in the user's time zone setting, in the interface language. */
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
