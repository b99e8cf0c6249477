import type { EventCreate, EventListItem, EventSummary } from '@livent/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import {
  EVENTS_QUERY_KEY,
  eventQueryKey,
  eventSettingsQueryKey,
} from '../../../lib/events/event-settings';
import { queryClient } from '../../../lib/query-client';

/** The events' calls (spec/api.md, "Events"). */

const path = (id: string) => `/events/${encodeURIComponent(id)}`;

/** `GET /events`: the account's events (spec section 7), also the header's selector. */
export const eventsQueryOptions = () =>
  queryOptions({
    queryKey: EVENTS_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<EventListItem[]>('/events', { signal }),
  });

/** `GET /events/{id}`: the overview's summary. */
export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventQueryKey(id),
    queryFn: ({ signal }) => apiFetch<EventSummary>(path(id), { signal }),
  });

/** `POST /events` within the plan's limit ("Event limit reached"); reloads the list. */
export async function createEvent(body: EventCreate): Promise<EventListItem> {
  const created = await apiFetch<EventListItem>('/events', { method: 'POST', body });
  await queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_KEY, exact: true });
  return created;
}

/** `DELETE /events/{id}`; forgets the event's cached data and reloads the list. */
export async function deleteEvent(id: string): Promise<void> {
  await apiFetch<void>(path(id), { method: 'DELETE' });
  queryClient.removeQueries({ queryKey: eventQueryKey(id) });
  queryClient.removeQueries({ queryKey: eventSettingsQueryKey(id) });
  await queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_KEY, exact: true });
}

/** Open viewer pages reload within 2 minutes (spec section 4). */
export async function remoteReload(id: string): Promise<void> {
  await apiFetch<unknown>(`${path(id)}/remote-reload`, { method: 'POST' });
  void queryClient.invalidateQueries({ queryKey: eventQueryKey(id) });
}

/** The public page shows the latest changes within 30 seconds (spec section 4). */
export async function cachePurge(id: string): Promise<void> {
  await apiFetch<unknown>(`${path(id)}/cache-purge`, { method: 'POST' });
}
