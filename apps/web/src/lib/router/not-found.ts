import { notFound } from '@tanstack/react-router';

const MISSING = 'missing-page';

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

export function isPageNotFoundData(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === MISSING
  );
}

/** The message key a route's `pageNotFound(detail)` gave, if any. */
export function pageNotFoundDetail(data: unknown): string | undefined {
  if (!isPageNotFoundData(data)) return undefined;
  const { detail } = data as { detail?: unknown };
  return typeof detail === 'string' ? detail : undefined;
}
