import type { ErrorReport } from '@livent/shared';
import { ERROR_REPORT_LIMITS } from '@livent/shared/constants';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../api-error';
import { isChunkLoadError } from '../chunk-reload/chunk-reload';

/**
 * Error reporting (docs/product-spec.md section 8: it "ignores network errors and shows a report
 * dialog on other errors"; ADR 054). Also left out: a failed chunk (the page reloads) and the
 * server's answers (ApiError), which their screens explain and whose faults (5xx) the server
 * logs with their cause. What is left is a fault of the dashboard's own code.
 */
export function isReportable(error: unknown): boolean {
  return !(isNetworkError(error) || isChunkLoadError(error) || error instanceof ApiError);
}

/** What `fetch` and the upload client throw when no answer came (Chromium, Firefox, Safari). */
function isNetworkError(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  if (!(error instanceof TypeError)) return false;
  return /failed to fetch|networkerror|load failed|network request failed/i.test(error.message);
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The report of `error` as the feedback route takes it: within its limits, the path only. */
export function errorReportOf(error: unknown, path: string): ErrorReport {
  const known = error instanceof Error ? error : new Error(String(error));
  return {
    name: cut(known.name || 'Error', ERROR_REPORT_LIMITS.name),
    message: cut(known.message, ERROR_REPORT_LIMITS.message),
    ...(known.stack ? { stack: cut(known.stack, ERROR_REPORT_LIMITS.stack) } : {}),
    path: cut(path, ERROR_REPORT_LIMITS.path),
    ...(error instanceof ApiError ? { status: error.code } : {}),
  };
}

let pending: ErrorReport | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Offers the report dialog for `error` unless it is one to ignore; the first one stays. */
export function reportError(error: unknown): void {
  if (pending || !isReportable(error)) return;
  pending = errorReportOf(error, window.location.pathname);
  changed();
}

/** The dialog was sent or dismissed. */
export function dismissErrorReport(): void {
  pending = null;
  changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The report the dialog should offer, or null. */
export function usePendingErrorReport(): ErrorReport | null {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => null,
  );
}

/** Errors nothing caught (event handlers, promises) are offered for a report too. */
export function installErrorReporting(): void {
  window.addEventListener('error', (event) => reportError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
}
