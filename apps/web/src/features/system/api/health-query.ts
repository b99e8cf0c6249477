import { healthSchema, type Health } from '@livent/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/typed-api';

/** `GET /api/health`; reused by the /test route's loader and its screen. */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: async ({ signal }): Promise<Health> =>
      healthSchema.parse(await api.get('/health', { signal, anonymous: true })),
    staleTime: 5_000,
    // A system check reports the first failure instead of hiding it behind retries.
    retry: false,
  });
