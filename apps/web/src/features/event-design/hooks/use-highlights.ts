import type { Highlight, HighlightInput, HighlightPatch } from '@livent/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventQueryKey } from '../../../lib/events/event-settings';
import { failureMessage } from '../../../lib/forms/report-error';
import { translateMessage } from '../../../lib/forms/messages';
import { notify } from '../../../lib/notifications';
import {
  createHighlight,
  deleteHighlight,
  highlightsQueryKey,
  saveHighlightOrder,
  updateHighlight,
} from '../../../lib/events/highlights';
import { applyOrder, moveId, type Direction } from '../list-order';

/**
 * The highlights' changes with their cache updates: a created or edited highlight goes into the
 * cached list at once, a deleted one leaves it, and a move shows before the server answers
 * (and goes back if the server refuses it). The overview's count follows.
 */
export function useHighlightMutations(eventId: string) {
  const queryClient = useQueryClient();
  const key = highlightsQueryKey(eventId);
  const setList = (update: (list: Highlight[]) => Highlight[]) =>
    queryClient.setQueryData<Highlight[]>(key, (list) => update(list ?? []));
  const countChanged = () =>
    queryClient.invalidateQueries({ queryKey: eventQueryKey(eventId), exact: true });

  const create = useMutation({
    mutationFn: (input: HighlightInput) => createHighlight(eventId, input),
    onSuccess: (created) => {
      setList((list) => [...list.filter((item) => item.id !== created.id), created]);
      void countChanged();
    },
  });

  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: HighlightPatch }) =>
      updateHighlight(eventId, id, patch),
    onSuccess: (saved) =>
      setList((list) => list.map((item) => (item.id === saved.id ? saved : item))),
  });

  const remove = useMutation({
    mutationFn: (id: string) => deleteHighlight(eventId, id),
    onSuccess: (_answer, id) => {
      setList((list) =>
        applyOrder(
          list.filter((item) => item.id !== id),
          list.map((item) => item.id).filter((itemId) => itemId !== id),
        ),
      );
      void countChanged();
    },
  });

  const reorder = useMutation({
    mutationFn: (ids: string[]) => saveHighlightOrder(eventId, ids),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Highlight[]>(key);
      setList((list) => applyOrder(list, ids));
      return { previous };
    },
    onError: async (error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' });
    },
    onSuccess: (answer) => {
      if (answer) queryClient.setQueryData(key, answer);
    },
  });

  /** Moves a highlight one step; answers false when it is already at that end. */
  const move = (list: readonly Highlight[], id: string, direction: Direction): boolean => {
    const ids = moveId(
      list.map((item) => item.id),
      id,
      direction,
    );
    if (!ids) return false;
    reorder.mutate(ids);
    return true;
  };

  return { create, update, remove, reorder, move };
}
