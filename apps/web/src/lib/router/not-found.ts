import { notFound } from '@tanstack/react-router';

const MISSING = 'missing-page';
const EVENT_UNAVAILABLE = 'event-unavailable';

function reasonOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null
    ? (data as { reason?: unknown }).reason
    : undefined;
}

/**
 * The 404 a route throws for something that does not exist, e.g. the shared inbox without a
 * token (docs/product-spec.md section 2). Its page says "You are lost. This page doesn't exist.", unlike an
 * unknown address, which says "This page could not be found" (docs/product-spec.md section 2, "Error page").
 */
export function pageNotFound(
  /** Why, as a message key the page shows (`serverErrors.tokenExpired` for a renewed share link). */
  detail?: string,
) {
  return notFound({
    data: detail === undefined ? { reason: MISSING } : { reason: MISSING, detail },
  });
}

/**
 * The 404 of an event this account cannot open: deleted, never shared with it, or no longer
 * shared. Its page says so in the same words in every case, so that it tells nobody whether an
 * event exists (the API answers 404 for other accounts' events alike).
 */
export function eventUnavailable() {
  return notFound({ data: { reason: EVENT_UNAVAILABLE } });
}

export function isPageNotFoundData(data: unknown): boolean {
  return reasonOf(data) === MISSING;
}

export function isEventUnavailableData(data: unknown): boolean {
  return reasonOf(data) === EVENT_UNAVAILABLE;
}

/** The message key a route's `pageNotFound(detail)` gave, if any. */
export function pageNotFoundDetail(data: unknown): string | undefined {
  if (!isPageNotFoundData(data)) return undefined;
  const { detail } = data as { detail?: unknown };
  return typeof detail === 'string' ? detail : undefined;
}
