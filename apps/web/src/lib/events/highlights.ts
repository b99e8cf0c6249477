import type { Highlight, HighlightInput, HighlightPatch } from '@livent/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

/**
 * An event's highlights (docs/product-spec.md section 3, "Highlight"; spec/api.md, "Events"): their own routes,
 * apart from the event's settings. The list comes in the order the public page shows.
 */

export const highlightsQueryKey = (eventId: string) => ['highlights', eventId] as const;

const base = (eventId: string) => `/events/${encodeURIComponent(eventId)}/highlights`;
const one = (eventId: string, highlightId: string) =>
  `${base(eventId)}/${encodeURIComponent(highlightId)}`;

const byPosition = (highlights: Highlight[]) =>
  [...highlights].sort((a, b) => a.position - b.position);

export const highlightsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: highlightsQueryKey(eventId),
    queryFn: async ({ signal }) =>
      byPosition(await apiFetch<Highlight[]>(base(eventId), { signal })),
  });

export const createHighlight = (eventId: string, input: HighlightInput) =>
  apiFetch<Highlight>(base(eventId), { method: 'POST', body: input });

export const updateHighlight = (eventId: string, highlightId: string, patch: HighlightPatch) =>
  apiFetch<Highlight>(one(eventId, highlightId), { method: 'PATCH', body: patch });

export const deleteHighlight = (eventId: string, highlightId: string) =>
  apiFetch<void>(one(eventId, highlightId), { method: 'DELETE' });

/** `PUT …/highlights/order` with every id in the new order; answers the list when the server does. */
export async function saveHighlightOrder(
  eventId: string,
  ids: string[],
): Promise<Highlight[] | undefined> {
  const answer = await apiFetch<Highlight[] | undefined>(`${base(eventId)}/order`, {
    method: 'PUT',
    body: { ids },
  });
  return Array.isArray(answer) ? byPosition(answer) : undefined;
}
