import type { ChannelPatch } from '@livent/shared';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/typed-api';
import { eventQueryKey, eventSettingsQueryKey } from '../../../lib/events/event-settings';

/** An event's channels (spec/api.md, "Events"; ADR 018). */

export const channelsQueryKey = (eventId: string) => ['events', 'channels', eventId] as const;

export const channelsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: channelsQueryKey(eventId),
    queryFn: ({ signal }) => api.get('/events/{id}/channels', { path: { id: eventId }, signal }),
  });

export const channelQueryOptions = (eventId: string, channelId: string) =>
  queryOptions({
    queryKey: [...channelsQueryKey(eventId), channelId] as const,
    queryFn: ({ signal }) =>
      api.get('/events/{id}/channels/{channelId}', { path: { id: eventId, channelId }, signal }),
  });

/** Reloads the list, the event's summary (its channel count) and the routing rules' targets. */
const refresh = (queryClient: QueryClient, eventId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: channelsQueryKey(eventId) }),
    queryClient.invalidateQueries({ queryKey: eventQueryKey(eventId) }),
  ]);

/** `POST …/channels` with a title and slug; the list and the event's summary follow. */
export function useCreateChannel(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { slug: string; title: string }) =>
      api.post('/events/{id}/channels', { path: { id: eventId }, body }),
    onSuccess: () => refresh(queryClient, eventId),
  });
}

/** `PATCH …/channels/{id}` with the changed fields; the answer becomes the cached channel. */
export function useUpdateChannel(eventId: string, channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ChannelPatch) =>
      api.patch('/events/{id}/channels/{channelId}', {
        path: { id: eventId, channelId },
        body: patch,
      }),
    onSuccess: async (channel) => {
      queryClient.setQueryData(channelQueryOptions(eventId, channelId).queryKey, channel);
      await queryClient.invalidateQueries({ queryKey: channelsQueryKey(eventId), exact: true });
    },
  });
}

/** The server also drops the routing rules that pointed at the channel: reload the settings. */
export function useDeleteChannel(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: string) =>
      api.delete('/events/{id}/channels/{channelId}', { path: { id: eventId, channelId } }),
    onSuccess: async (_answer, channelId) => {
      queryClient.removeQueries({ queryKey: channelQueryOptions(eventId, channelId).queryKey });
      await Promise.all([
        refresh(queryClient, eventId),
        queryClient.invalidateQueries({ queryKey: eventSettingsQueryKey(eventId) }),
      ]);
    },
  });
}
