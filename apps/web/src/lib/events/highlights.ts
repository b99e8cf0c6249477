import type { Highlight, HighlightInput, HighlightPatch } from '@livent/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/typed-api';

/**
 * An event's highlights (docs/product-spec.md section 3, "Highlight"; spec/api.md, "Events"): their own routes,
 * apart from the event's settings. The list comes in the order the public page shows.
 */

export const highlightsQueryKey = (eventId: string) => ['highlights', eventId] as const;

const one = (eventId: string, highlightId: string) => ({ id: eventId, highlightId });

const byPosition = (highlights: Highlight[]) =>
  [...highlights].sort((a, b) => a.position - b.position);

export const highlightsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: highlightsQueryKey(eventId),
    queryFn: async ({ signal }) =>
      byPosition(await api.get('/events/{id}/highlights', { path: { id: eventId }, signal })),
  });

export const createHighlight = (eventId: string, input: HighlightInput) =>
  api.post('/events/{id}/highlights', { path: { id: eventId }, body: input });

export const updateHighlight = (eventId: string, highlightId: string, patch: HighlightPatch) =>
  api.patch('/events/{id}/highlights/{highlightId}', {
    path: one(eventId, highlightId),
    body: patch,
  });

export const deleteHighlight = (eventId: string, highlightId: string) =>
  api.delete('/events/{id}/highlights/{highlightId}', { path: one(eventId, highlightId) });

/** `PUT …/highlights/order` with every id in the new order; answers the list when the server does. */
export async function saveHighlightOrder(
  eventId: string,
  ids: string[],
): Promise<Highlight[] | undefined> {
  const answer = await api.put('/events/{id}/highlights/order', {
    path: { id: eventId },
    body: { ids },
  });
  return Array.isArray(answer) ? byPosition(answer) : undefined;
}
