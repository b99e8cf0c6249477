import type { TitleKey } from '../i18n/resources';

interface TitleMatch {
  status: string;
  /** Set on the route that renders a not-found (thrown, or an unknown address below it). */
  _notFound?: boolean;
  staticData: { titleKey?: TitleKey };
}

/**
 * The title of what is on screen: the error page's when a match failed, else the deepest
 * route's `staticData.titleKey` (docs/product-spec.md section 2, "Page titles": from the route name).
 */
export function pageTitleKey(matches: readonly TitleMatch[]): TitleKey | undefined {
  if (matches.some((match) => match.status === 'notFound' || match._notFound)) {
    return 'notFound';
  }
  if (matches.some((match) => match.status === 'error')) return 'error';
  for (let index = matches.length - 1; index >= 0; index--) {
    const key = matches[index]?.staticData.titleKey;
    if (key) return key;
  }
  return undefined;
}
