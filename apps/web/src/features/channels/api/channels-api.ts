import type { Channel, ChannelPatch } from '@livent/shared';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { eventQueryKey, eventSettingsQueryKey } from '../../../lib/events/event-settings';

/** An event's channels (spec/api.md, "Events"; ADR 018). */

const channelsPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}/channels`;
const channelPath = (eventId: string, channelId: string) =>
  `${channelsPath(eventId)}/${encodeURIComponent(channelId)}`;

export const channelsQueryKey = (eventId: string) => ['events', 'channels', eventId] as const;

export const channelsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: channelsQueryKey(eventId),
    queryFn: ({ signal }) => apiFetch<Channel[]>(channelsPath(eventId), { signal }),
  });

export const channelQueryOptions = (eventId: string, channelId: string) =>
  queryOptions({
    queryKey: [...channelsQueryKey(eventId), channelId] as const,
    queryFn: ({ signal }) => apiFetch<Channel>(channelPath(eventId, channelId), { signal }),
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
      apiFetch<Channel>(channelsPath(eventId), { method: 'POST', body }),
    onSuccess: () => refresh(queryClient, eventId),
  });
}

/** `PATCH …/channels/{id}` with the changed fields; the answer becomes the cached channel. */
export function useUpdateChannel(eventId: string, channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ChannelPatch) =>
      apiFetch<Channel>(channelPath(eventId, channelId), { method: 'PATCH', body: patch }),
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
      apiFetch<void>(channelPath(eventId, channelId), { method: 'DELETE' }),
    onSuccess: async (_answer, channelId) => {
      queryClient.removeQueries({ queryKey: channelQueryOptions(eventId, channelId).queryKey });
      await Promise.all([
        refresh(queryClient, eventId),
        queryClient.invalidateQueries({ queryKey: eventSettingsQueryKey(eventId) }),
      ]);
    },
  });
}
