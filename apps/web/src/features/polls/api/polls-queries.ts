import type { Poll, PollAnswerStatus, PollInput, PollPatch } from '@livent/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PollsApi } from './polls-api';

/**
 * How often the results of the poll on screen are read again: votes arrive all the time while a
 * poll is live, and a second and a half reads as live without a stream of its own
 * (docs/decisions/060-control-room.md). TanStack Query pauses it while the tab is hidden.
 */
export const RESULTS_REFRESH_MS = 1500;

export const pollsQueryOptions = (api: PollsApi) =>
  queryOptions({
    queryKey: [...api.queryKey, 'list'] as const,
    queryFn: ({ signal }) => api.list(signal),
    // The response counts of a live poll move with its results.
    refetchInterval: RESULTS_REFRESH_MS * 2,
  });

export const pollResultsQueryOptions = (api: PollsApi, pollId: string, live: boolean) =>
  queryOptions({
    queryKey: [...api.queryKey, 'results', pollId] as const,
    queryFn: ({ signal }) => api.results(pollId, signal),
    refetchInterval: live ? RESULTS_REFRESH_MS : false,
    // Another poll keeps the last bars on screen until its own arrive: no flicker.
    placeholderData: keepPreviousData,
  });

/** What the screen does to polls; each reloads the list and the results after it. */
export type PollAction =
  | { type: 'create'; input: PollInput }
  | { type: 'update'; pollId: string; patch: PollPatch }
  | { type: 'remove'; pollId: string }
  | { type: 'reorder'; ids: string[] }
  | { type: 'launch'; pollId: string }
  | { type: 'close'; pollId: string }
  | { type: 'moderate'; pollId: string; answerId: string; status: PollAnswerStatus };

function run(api: PollsApi, action: PollAction): Promise<unknown> {
  switch (action.type) {
    case 'create':
      return api.create(action.input);
    case 'update':
      return api.update(action.pollId, action.patch);
    case 'remove':
      return api.remove(action.pollId);
    case 'reorder':
      return api.reorder(action.ids);
    case 'launch':
      return api.launch(action.pollId);
    case 'close':
      return api.close(action.pollId);
    case 'moderate':
      return api.moderate(action.pollId, action.answerId, action.status);
  }
}

export function usePollAction(api: PollsApi) {
  const queryClient = useQueryClient();
  const listKey = pollsQueryOptions(api).queryKey;
  return useMutation({
    mutationFn: (action: PollAction) => run(api, action),
    // A change shows at once (a switch follows the finger); the reload after corrects it.
    onMutate: async (action) => {
      if (action.type !== 'update') return;
      await queryClient.cancelQueries({ queryKey: listKey });
      queryClient.setQueryData(listKey, (polls) =>
        polls?.map((poll) =>
          poll.id === action.pollId ? ({ ...poll, ...action.patch } as Poll) : poll,
        ),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: api.queryKey }),
  });
}
