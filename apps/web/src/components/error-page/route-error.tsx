import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ErrorComponentProps, NotFoundRouteProps } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHUNK_RELOAD_STORAGE_KEY,
  isChunkLoadError,
  mayReloadAfterChunkError,
  reloadForChunkError,
} from '../../lib/chunk-reload/chunk-reload';
import { isPageNotFoundData } from '../../lib/router/not-found';
import { ErrorPage } from './error-page';

/** The status code of an error: its own (ApiError, HTTP-like errors) or 500 (spec section 8). */
export function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    for (const key of ['status', 'code', 'statusCode'] as const) {
      const value = (error as Record<string, unknown>)[key];
      if (typeof value === 'number' && value >= 400 && value <= 599) return value;
    }
  }
  return 500;
}

function lastChunkReload(): number | undefined {
  try {
    const raw = sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY);
    return raw === null ? undefined : Number(raw);
  } catch {
    return undefined;
  }
}

/**
 * The router's error component. A chunk that failed to load (usually a new deployment)
 * reloads the page, at most once a minute (spec section 4); otherwise the generic error page.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  const [reloading, setReloading] = useState(
    () => isChunkLoadError(error) && mayReloadAfterChunkError(lastChunkReload(), Date.now()),
  );

  const attempted = useRef(false);

  useEffect(() => {
    // Reloading is a side effect, so it happens after render (once, also under StrictMode);
    // if the throttle refuses by now (another handler reloaded first), show the error page.
    if (!reloading || attempted.current) return;
    attempted.current = true;
    if (!reloadForChunkError()) setReloading(false);
  }, [reloading]);

  if (reloading) {
    return (
      <Stack role="status" sx={{ alignItems: 'center', py: 8 }}>
        <Typography sx={{ color: 'text.secondary' }}>{t('errors.reloading')}</Typography>
      </Stack>
    );
  }
  return <ErrorPage kind="generic" status={statusOf(error)} />;
}

/** The router's not-found component: a route's `pageNotFound()` or an unknown address. */
export function RouteNotFound({ data }: NotFoundRouteProps) {
  return <ErrorPage kind={isPageNotFoundData(data) ? 'lost' : 'unknownRoute'} status={404} />;
}
