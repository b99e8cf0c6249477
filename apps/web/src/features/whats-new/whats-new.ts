import type { ChangelogEntry } from '@livent/shared';

/** The newest entry's date (entries may come in any order). */
export function newestDate(entries: readonly ChangelogEntry[]): string | undefined {
  return entries.reduce<string | undefined>(
    (newest, entry) => (newest === undefined || entry.date > newest ? entry.date : newest),
    undefined,
  );
}

/**
 * docs/product-spec.md section 2: the dialog opens when the newest changelog date is later than the user's
 * `whatsnewSeen`. Dates are YYYY-MM-DD, so text order is date order. A user who has never seen
 * any version (null: a new account) has no "last visit" to compare with: everything is new to
 * them, so nothing is news, and the dialog stays closed (`isFirstVisit` marks the newest seen).
 */
export function hasNews(entries: readonly ChangelogEntry[], seen: string | null): boolean {
  const newest = newestDate(entries);
  return newest !== undefined && seen !== null && newest > seen;
}

/** A user who has never seen the changelog, once it has loaded. */
export const isFirstVisit = (entries: readonly ChangelogEntry[], seen: string | null): boolean =>
  seen === null && newestDate(entries) !== undefined;

/** The entries since `seen`, newest first, grouped by their date. */
export function newsSince(
  entries: readonly ChangelogEntry[],
  seen: string | null,
): { date: string; texts: string[] }[] {
  const groups = new Map<string, string[]>();
  const unseen = entries
    .filter((entry) => seen === null || entry.date > seen)
    .sort((a, b) => b.date.localeCompare(a.date));
  for (const entry of unseen) {
    const texts = groups.get(entry.date) ?? [];
    texts.push(entry.text);
    groups.set(entry.date, texts);
  }
  return [...groups].map(([date, texts]) => ({ date, texts }));
}
