import type { QueryClient } from '@tanstack/react-query';

/**
 * For a layout's `beforeLoad`: loads TanStack Query on demand and returns `{ queryClient }` as
 * router context for the routes below it. Guest pages never load it (ADR 009).
 */
export async function loadQueryContext(): Promise<{ queryClient: QueryClient }> {
  const { queryClient } = await import('./query-client');
  return { queryClient };
}
