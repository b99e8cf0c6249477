import { CHUNK_RELOAD_INTERVAL_MS } from '@livent/shared/constants';

/** Where the time of the last automatic reload is kept (session storage; never local storage). */
export const CHUNK_RELOAD_STORAGE_KEY = 'lvnt.chunkReloadAt';

/**
 * Whether a failed chunk load may reload the page now: at most once per interval
 * (docs/product-spec.md section 4: "the page reloads, at most once a minute"). Pure, so it is easy to test.
 */
export function mayReloadAfterChunkError(
  lastReloadAt: number | undefined,
  now: number,
  interval: number = CHUNK_RELOAD_INTERVAL_MS,
): boolean {
  if (lastReloadAt === undefined || !Number.isFinite(lastReloadAt)) return true;
  // A clock that went backwards must not block reloads for good.
  if (now < lastReloadAt) return true;
  return now - lastReloadAt >= interval;
}

/** Errors that mean a lazily loaded chunk is gone, typically after a new deployment. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    /Failed to fetch dynamically imported module/i.test(error.message) ||
    /error loading dynamically imported module/i.test(error.message) ||
    /Importing a module script failed/i.test(error.message) ||
    /Unable to preload CSS/i.test(error.message)
  );
}

function readLastReload(): number | undefined {
  try {
    const raw = sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY);
    return raw === null ? undefined : Number(raw);
  } catch {
    return undefined; // Storage blocked: behave as if never reloaded.
  }
}

/** Whether a chunk error may reload the page at this moment (reads session storage). */
export function chunkReloadAllowedNow(now: number = Date.now()): boolean {
  return mayReloadAfterChunkError(readLastReload(), now);
}

/**
 * Reloads the page when the throttle allows and returns true; returns false when a reload
 * happened too recently, so the caller shows the generic error page instead.
 */
export function reloadForChunkError(now: number = Date.now()): boolean {
  // Offline the reload itself fails, into the browser's error page, and loses the app and any
  // unsaved work: the load is retried once online instead (components/offline).
  if (!navigator.onLine) return false;
  if (!mayReloadAfterChunkError(readLastReload(), now)) return false;
  try {
    sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    return false; // Without storage a reload could loop; show the error instead.
  }
  window.location.reload();
  return true;
}

/**
 * Vite fires `vite:preloadError` when a chunk's dependencies fail to load. Preventing the
 * default stops the error from being thrown, so we only do it when we really reload; otherwise
 * the error reaches the router's error component, which shows the generic error page.
 */
export function installChunkReloadHandler(): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadForChunkError()) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
