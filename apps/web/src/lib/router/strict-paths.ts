import { notFound } from '@tanstack/react-router';

/**
 * "All paths are strict" (docs/product-spec.md section 2): `/events/` is not `/events`. The
 * router itself matches both, so the root route refuses a trailing slash (ADR 054).
 */
export function refuseLoosePath(pathname: string): void {
  if (pathname !== '/' && pathname.endsWith('/')) throw notFound();
}
