import type { Channel, ChannelPatch, Highlight } from '@livent/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { eventQueryKey, eventSettingsQueryKey } from '../../../lib/events/event-settings';
import { queryClient } from '../../../lib/query-client';

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

/** The event's highlights, for a channel's choice among them. */
export const highlightsQueryOptions = (eventId: string) =>
  queryOptions({
    // The key of the highlights screen's list, so that both share one cache entry.
    queryKey: ['highlights', eventId] as const,
    queryFn: ({ signal }) =>
      apiFetch<Highlight[]>(`/events/${encodeURIComponent(eventId)}/highlights`, { signal }),
  });

/** Reloads the list, the event's summary (its channel count) and the routing rules' targets. */
const refresh = (eventId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: channelsQueryKey(eventId) }),
    queryClient.invalidateQueries({ queryKey: eventQueryKey(eventId) }),
  ]);

export async function createChannel(
  eventId: string,
  body: { slug: string; title: string },
): Promise<Channel> {
  const channel = await apiFetch<Channel>(channelsPath(eventId), { method: 'POST', body });
  await refresh(eventId);
  return channel;
}

export async function updateChannel(
  eventId: string,
  channelId: string,
  patch: ChannelPatch,
): Promise<Channel> {
  const channel = await apiFetch<Channel>(channelPath(eventId, channelId), {
    method: 'PATCH',
    body: patch,
  });
  queryClient.setQueryData(channelQueryOptions(eventId, channelId).queryKey, channel);
  await queryClient.invalidateQueries({ queryKey: channelsQueryKey(eventId), exact: true });
  return channel;
}

/** The server also drops the routing rules that pointed at the channel: reload the settings. */
export async function deleteChannel(eventId: string, channelId: string): Promise<void> {
  await apiFetch<void>(channelPath(eventId, channelId), { method: 'DELETE' });
  queryClient.removeQueries({ queryKey: channelQueryOptions(eventId, channelId).queryKey });
  await Promise.all([
    refresh(eventId),
    queryClient.invalidateQueries({ queryKey: eventSettingsQueryKey(eventId) }),
  ]);
}
