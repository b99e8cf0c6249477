import type { Language } from '@livent/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/typed-api';

/** `GET /changelog` in the interface language (docs/product-spec.md section 2, "What's-new dialog"). */
export const changelogQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['changelog', language],
    queryFn: ({ signal }) => api.get('/changelog', { query: { language }, signal }),
    staleTime: Infinity,
    // News is a nicety: a failure shows nothing rather than an error.
    retry: false,
  });
