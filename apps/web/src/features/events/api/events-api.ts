import type { EventCreate } from '@livent/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/typed-api';
import {
  EVENTS_QUERY_KEY,
  eventQueryKey,
  eventSettingsQueryKey,
} from '../../../lib/events/event-settings';
import { session } from '../../../lib/auth/session';

/** The events' calls (spec/api.md, "Events"). */

/** `GET /events`: the account's events (docs/product-spec.md section 7), also the header's selector. */
export const eventsQueryOptions = () =>
  queryOptions({
    queryKey: EVENTS_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/events', { signal }),
  });

/** `GET /events/{id}`: the overview's summary. */
export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: eventQueryKey(id),
    queryFn: ({ signal }) => api.get('/events/{id}', { path: { id }, signal }),
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
    mutationFn: (body: EventCreate) => api.post('/events', { body }),
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
    mutationFn: (id: string) => api.delete('/events/{id}', { path: { id } }),
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

/** Open viewer pages reload within seconds, told by their live stream (ADR 057); the summary shows when. */
export function useRemoteReload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/events/{id}/remote-reload', { path: { id } }),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: eventQueryKey(id) }),
  });
}

/** The public page shows the latest changes within 30 seconds (docs/product-spec.md section 4). */
export function useCachePurge() {
  return useMutation({
    mutationFn: (id: string) => api.post('/events/{id}/cache-purge', { path: { id } }),
  });
}
