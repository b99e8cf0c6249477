import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  useRouter,
  type ErrorComponentProps,
  type NotFoundRouteProps,
} from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  chunkReloadAllowedNow,
  isChunkLoadError,
  reloadForChunkError,
} from '../../lib/chunk-reload/chunk-reload';
import {
  isEventUnavailableData,
  isPageNotFoundData,
  pageNotFoundDetail,
} from '../../lib/router/not-found';
import { useWhenOnline } from '../offline/offline-navigation';
import { reportError } from '../../lib/error-reports/error-reports';
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
  const router = useRouter();
  // Decided once per error: whether this error may reload the page now, or, offline, waits for
  // the connection and then loads the screen again.
  const [offline] = useState(() => isChunkLoadError(error) && !navigator.onLine);
  const [reloading] = useState(
    () => !offline && isChunkLoadError(error) && chunkReloadAllowedNow(),
  );
  useWhenOnline(offline ? () => void router.invalidate() : undefined);

  useEffect(() => {
    // The reload itself is a side effect, so it runs after render. Should the throttle refuse
    // here, another handler (vite:preloadError) has just started the same reload.
    if (reloading) reloadForChunkError();
    // Otherwise the report dialog, unless the error is one to ignore (docs/product-spec.md
    // section 8).
    else reportError(error);
  }, [reloading, error]);

  if (offline) {
    return (
      <Stack role="status" sx={{ alignItems: 'center', py: 8 }}>
        <Typography sx={{ color: 'text.secondary' }}>{t('offline.screenWaiting')}</Typography>
      </Stack>
    );
  }
  if (reloading) {
    return (
      <Stack role="status" sx={{ alignItems: 'center', py: 8 }}>
        <Typography sx={{ color: 'text.secondary' }}>{t('errors.reloading')}</Typography>
      </Stack>
    );
  }
  return <ErrorPage kind="generic" status={statusOf(error)} />;
}

/**
 * The router's not-found component: a route's `pageNotFound()` or `eventUnavailable()`, or an
 * unknown address.
 */
export function RouteNotFound({ data }: NotFoundRouteProps) {
  return (
    <ErrorPage
      kind={
        isEventUnavailableData(data)
          ? 'eventUnavailable'
          : isPageNotFoundData(data)
            ? 'lost'
            : 'unknownRoute'
      }
      status={404}
      detail={pageNotFoundDetail(data)}
    />
  );
}
