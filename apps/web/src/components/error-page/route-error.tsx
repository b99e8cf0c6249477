import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ErrorComponentProps, NotFoundRouteProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  chunkReloadAllowedNow,
  isChunkLoadError,
  reloadForChunkError,
} from '../../lib/chunk-reload/chunk-reload';
import { reportError } from '../../lib/error-reports/error-reports';
import { isPageNotFoundData, pageNotFoundDetail } from '../../lib/router/not-found';
import { ErrorPage } from './error-page';

/** The status code of an error: its own (ApiError, HTTP-like errors) or 500 (docs/product-spec.md section 8). */
export function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    for (const key of ['status', 'code', 'statusCode'] as const) {
      const value = (error as Record<string, unknown>)[key];
      if (typeof value === 'number' && value >= 400 && value <= 599) return value;
    }
  }
  return 500;
}

/**
 * The router's error component. A chunk that failed to load (usually a new deployment)
 * reloads the page, at most once a minute (docs/product-spec.md section 4); otherwise the generic error page.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  // Decided once per error: whether this error may reload the page now.
  const [reloading] = useState(() => isChunkLoadError(error) && chunkReloadAllowedNow());

  useEffect(() => {
    // The reload itself is a side effect, so it runs after render. Should the throttle refuse
    // here, another handler (vite:preloadError) has just started the same reload.
    if (reloading) reloadForChunkError();
    // Otherwise the report dialog, unless the error is one to ignore (docs/product-spec.md
    // section 8).
    else reportError(error);
  }, [reloading, error]);

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
  return (
    <ErrorPage
      kind={isPageNotFoundData(data) ? 'lost' : 'unknownRoute'}
      status={404}
      detail={pageNotFoundDetail(data)}
    />
  );
}
