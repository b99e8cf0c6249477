import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/**
 * A mailed one-time token from the address bar: kept in memory and removed from the URL at
 * once (replace, so it is neither in the history nor sent as a referrer; docs/architecture.md,
 * "tokens in URLs are swapped out at once").
 */
export function useUrlToken(tokenInUrl: string | undefined): string | undefined {
  const navigate = useNavigate();
  const [token] = useState(tokenInUrl);
  useEffect(() => {
    if (!tokenInUrl) return;
    swaps += 1;
    void navigate({ to: '.', search: {}, replace: true }).finally(() => {
      swaps -= 1;
    });
  }, [tokenInUrl, navigate]);
  return token;
}

/** Navigations in flight that take a token out of the address bar (see {@link useUrlToken}). */
let swaps = 0;

/**
 * Whether the navigation now loading is the one that took the page's mailed token out of the
 * address bar: a guard that admits visitors by the token must let that one through, or the
 * page it is on would be sent away while it is still following the link.
 */
export const isTokenSwap = (): boolean => swaps > 0;

/** `validateSearch` of the pages that take a mailed token. */
export const tokenSearch = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {};
