import { vi } from 'vitest';

/** A test's server: the answer to one request, or undefined for a request it does not expect. */
export type FetchAnswer = (
  path: string,
  init: RequestInit,
) => Response | undefined | Promise<Response | undefined>;

/**
 * Stands in for the global `fetch` until `vi.unstubAllGlobals()`: each request goes to `answer`
 * with its path as the app asked for it (`/api/events?page=1`) and its init (`{}` when none). A
 * request that `answer` leaves unanswered fails with "unexpected GET /api/…", so no call to the
 * API passes unnoticed. The returned mock records every call.
 */
export function stubFetch(answer: FetchAnswer) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const response = await answer(path, init);
    if (!response) throw new Error(`unexpected ${init.method ?? 'GET'} ${path}`);
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
