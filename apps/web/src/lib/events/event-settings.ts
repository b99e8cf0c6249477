import type { EventSettingsPatch } from '@livent/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api-client';
import { api } from '../api/typed-api';
import { eventUnavailable } from '../router/not-found';

/**
 * An event's settings (`GET/PATCH /api/event-settings/{id}`, ADR 015), shared by every feature
 * that edits them (the editor sections, appearance, navigation, channels).
 */

/** Query keys of the events area; invalidate `EVENTS_QUERY_KEY` to reload every list. */
export const EVENTS_QUERY_KEY = ['events'] as const;
export const eventQueryKey = (eventId: string) => ['events', 'detail', eventId] as const;
export const eventSettingsQueryKey = (eventId: string) => ['event-settings', eventId] as const;

export const eventSettingsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventSettingsQueryKey(eventId),
    queryFn: ({ signal }) => api.get('/event-settings/{id}', { path: { id: eventId }, signal }),
  });

/**
 * Saves the changed settings (only those; spec/api.md) and puts the server's answer into the
 * query cache. A change of what lists show (title, slug) reloads the events list and the header's
 * selector; every change reloads the event's summary (the overview's status chips).
 */
export function useSaveEventSettings(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: EventSettingsPatch) =>
      api.patch('/event-settings/{id}', { path: { id: eventId }, body: patch }),
    onSuccess: (saved, patch) => {
      queryClient.setQueryData(eventSettingsQueryKey(eventId), saved);
      void queryClient.invalidateQueries({ queryKey: eventQueryKey(eventId) });
      if ('title' in patch || 'slug' in patch) {
        void queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_KEY, exact: true });
      }
    },
  });
}

/**
 * For route loaders of an event's screens: an event this account cannot open (404, and 403 alike)
 * shows one page, "not available to this account", whether the event exists or not, rather than
 * the generic error (docs/product-spec.md sections 2 and 8).
 */
export async function orEventUnavailable<T>(loading: Promise<T>): Promise<T> {
  try {
    return await loading;
  } catch (error) {
    if (error instanceof ApiError && (error.code === 404 || error.code === 403)) {
      throw eventUnavailable();
    }
    throw error;
  }
}
