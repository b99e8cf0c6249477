import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/typed-api';

/**
 * Whether the event's time moved since its registrants and invitees were told, and the notice
 * of the new time (ADR 064). `settingsUpdatedAt` is part of the key: every save asks again.
 */

const timeChangeQueryKey = (eventId: string) => ['events', 'time-change-notice', eventId] as const;

export const timeChangeNoticeQueryOptions = (eventId: string, settingsUpdatedAt: string) =>
  queryOptions({
    queryKey: [...timeChangeQueryKey(eventId), settingsUpdatedAt] as const,
    queryFn: ({ signal }) =>
      api.get('/events/{id}/time-change-notices', { path: { id: eventId }, signal }),
  });

export function useSendTimeChangeNotices(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/events/{id}/time-change-notices', { path: { id: eventId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeChangeQueryKey(eventId) }),
  });
}
