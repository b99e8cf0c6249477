import type { ChangelogEntry, Language } from '@livent/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /changelog` in the interface language (docs/product-spec.md section 2, "What's-new dialog"). */
export const changelogQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['changelog', language],
    queryFn: ({ signal }) =>
      apiFetch<ChangelogEntry[]>(`/changelog?${new URLSearchParams({ language })}`, { signal }),
    staleTime: Infinity,
    // News is a nicety: a failure shows nothing rather than an error.
    retry: false,
  });
