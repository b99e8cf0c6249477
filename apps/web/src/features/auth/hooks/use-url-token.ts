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
    if (tokenInUrl) void navigate({ to: '.', search: {}, replace: true });
  }, [tokenInUrl, navigate]);
  return token;
}

/** `validateSearch` of the pages that take a mailed token. */
export const tokenSearch = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {};
