import type { SsoSettingsPatch } from '@livent/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/typed-api';

/** An event's single sign-on provider (ADR 026): its own resource, the secret write-only. */

export const ssoQueryKey = (eventId: string) => ['events', 'sso', eventId] as const;

export const ssoQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: ssoQueryKey(eventId),
    queryFn: ({ signal }) => api.get('/events/{id}/sso', { path: { id: eventId }, signal }),
  });

export function useUpdateSso(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsPatch) =>
      api.patch('/events/{id}/sso', { path: { id: eventId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(ssoQueryKey(eventId), saved),
  });
}
