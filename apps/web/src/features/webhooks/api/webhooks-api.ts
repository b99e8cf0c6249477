import type { CreateWebhookEndpoint, UpdateWebhookEndpoint } from '@livent/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/typed-api';

/** The webhooks screen's calls (docs/webhooks.md; docs/decisions/072-webhooks.md). */

export const webhooksQueryKey = ['webhooks'] as const;

/** While a delivery waits for its next attempt, its log is read again this often (ms). */
export const PENDING_REFRESH_MS = 5_000;

export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhooksQueryKey,
    queryFn: ({ signal }) => api.get('/webhooks', { signal }),
  });

/** One endpoint with its secret: read only when the user asks to see it. */
export const webhookSecretQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...webhooksQueryKey, id, 'secret'],
    queryFn: ({ signal }) => api.get('/webhooks/{id}', { path: { id }, signal }),
    select: (endpoint) => endpoint.secret,
    staleTime: 0,
    gcTime: 0,
  });

export const deliveriesQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: [...webhooksQueryKey, id, 'deliveries', page],
    queryFn: ({ signal }) =>
      api.get('/webhooks/{id}/deliveries', { path: { id }, query: { page }, signal }),
    placeholderData: keepPreviousData,
    // A delivery still on its way (queued or retrying) changes without the user doing anything.
    refetchInterval: (query) =>
      query.state.data?.deliveries.some(
        (delivery) => delivery.status === 'queued' || delivery.status === 'retrying',
      )
        ? PENDING_REFRESH_MS
        : false,
  });

function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
}

export function useAddWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (body: CreateWebhookEndpoint) => api.post('/webhooks', { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateWebhookEndpoint & { id: string }) =>
      api.patch('/webhooks/{id}', { path: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: string) => api.delete('/webhooks/{id}', { path: { id } }),
    onSuccess: invalidate,
  });
}

export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/webhooks/{id}/rotate-secret', { path: { id } }),
    onSuccess: (endpoint) =>
      queryClient.setQueryData([...webhooksQueryKey, endpoint.id, 'secret'], endpoint),
  });
}

export function useSendTest() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: string) => api.post('/webhooks/{id}/test', { path: { id } }),
    onSuccess: invalidate,
  });
}

export function useRetryDelivery() {
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      api.post('/webhooks/{id}/deliveries/{deliveryId}/retry', { path: { id, deliveryId } }),
    onSuccess: invalidate,
  });
}

/** The account's events for the endpoint's filter: id and title. */
export const eventChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...webhooksQueryKey, 'events'],
    queryFn: ({ signal }) => api.get('/events', { signal }),
  });
