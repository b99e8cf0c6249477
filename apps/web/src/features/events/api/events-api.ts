import type { EventCreate, EventListItem, EventSummary } from '@livent/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import {
  EVENTS_QUERY_KEY,
  eventQueryKey,
  eventSettingsQueryKey,
} from '../../../lib/events/event-settings';
import { session } from '../../../lib/auth/session';

/** The events' calls (spec/api.md, "Events"). */

const path = (id: string) => `/events/${encodeURIComponent(id)}`;

/** `GET /events`: the account's events (docs/product-spec.md section 7), also the header's selector. */
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

/**
 * The signed-in user carries the plan's consumption (the event count on /home and /account):
 * after creating or deleting an event it is read anew, or those counts go stale.
 */
const reloadCounts = () => session.reloadUser().catch(() => undefined);

/** `POST /events` within the plan's limit ("Event limit reached"); reloads the list and counts. */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventCreate) => apiFetch<EventListItem>('/events', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_KEY, exact: true }),
        reloadCounts(),
      ]),
  });
}

/** `DELETE /events/{id}`; forgets the event's cached data, reloads the list and counts. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(path(id), { method: 'DELETE' }),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: eventQueryKey(id) });
      queryClient.removeQueries({ queryKey: eventSettingsQueryKey(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_KEY, exact: true }),
        reloadCounts(),
      ]);
    },
  });
}

/** Open viewer pages reload within 2 minutes (docs/product-spec.md section 4); the summary shows when. */
export function useRemoteReload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<unknown>(`${path(id)}/remote-reload`, { method: 'POST' }),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: eventQueryKey(id) }),
  });
}

/** The public page shows the latest changes within 30 seconds (docs/product-spec.md section 4). */
export function useCachePurge() {
  return useMutation({
    mutationFn: (id: string) => apiFetch<unknown>(`${path(id)}/cache-purge`, { method: 'POST' }),
  });
}
