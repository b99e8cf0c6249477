import type { SsoSettings, SsoSettingsPatch } from '@livent/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** An event's single sign-on provider (ADR 026): its own resource, the secret write-only. */

const ssoPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}/sso`;
export const ssoQueryKey = (eventId: string) => ['events', 'sso', eventId] as const;

export const ssoQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: ssoQueryKey(eventId),
    queryFn: ({ signal }) => apiFetch<SsoSettings>(ssoPath(eventId), { signal }),
  });

export function useUpdateSso(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsPatch) =>
      apiFetch<SsoSettings>(ssoPath(eventId), { method: 'PATCH', body }),
    onSuccess: (saved) => queryClient.setQueryData(ssoQueryKey(eventId), saved),
  });
}
