import {
  TOKEN_AUTHORIZATION_HEADER,
  type Poll,
  type PollAnswerStatus,
  type PollInput,
  type PollPatch,
  type PollResultsDetail,
} from '@livent/shared';
import { api, apiPath } from '../../../lib/api/typed-api';
import { downloadCsv } from '../../../lib/download';

/**
 * The polls' calls, for the organiser (signed in) or a guest moderator (the share link's token in
 * `Token-Authorization`, no dashboard credentials). The control room's sections take one of them,
 * so that both screens are the same components (docs/decisions/060-control-room.md). What a guest
 * may not do (the CSV export) is absent from theirs.
 */
export interface PollsApi {
  kind: 'organiser' | 'guest';
  eventId: string;
  /** The prefix of every cached query of these polls. */
  queryKey: readonly unknown[];
  list(signal?: AbortSignal): Promise<Poll[]>;
  create(input: PollInput): Promise<Poll>;
  update(pollId: string, patch: PollPatch): Promise<Poll>;
  remove(pollId: string): Promise<void>;
  /** Every poll id of the event, in the new order. */
  reorder(ids: string[]): Promise<unknown>;
  launch(pollId: string): Promise<Poll>;
  close(pollId: string): Promise<Poll>;
  results(pollId: string, signal?: AbortSignal): Promise<PollResultsDetail>;
  moderate(pollId: string, answerId: string, status: PollAnswerStatus): Promise<unknown>;
  /** Every poll's results as CSV; absent for guests. */
  downloadCsv?: () => Promise<void>;
}

export const organiserPollsQueryKey = (eventId: string) => ['events', 'polls', eventId] as const;

export function organiserPollsApi(eventId: string): PollsApi {
  const event = { id: eventId };
  const poll = (pollId: string) => ({ id: eventId, pollId });
  return {
    kind: 'organiser',
    eventId,
    queryKey: organiserPollsQueryKey(eventId),
    list: async (signal) => (await api.get('/events/{id}/polls', { path: event, signal })).polls,
    create: (input) => api.post('/events/{id}/polls', { path: event, body: input }),
    update: (pollId, patch) =>
      api.patch('/events/{id}/polls/{pollId}', { path: poll(pollId), body: patch }),
    remove: async (pollId) => {
      await api.delete('/events/{id}/polls/{pollId}', { path: poll(pollId) });
    },
    reorder: (ids) => api.put('/events/{id}/polls/order', { path: event, body: { ids } }),
    launch: (pollId) => api.post('/events/{id}/polls/{pollId}/launch', { path: poll(pollId) }),
    close: (pollId) => api.post('/events/{id}/polls/{pollId}/close', { path: poll(pollId) }),
    results: (pollId, signal) =>
      api.get('/events/{id}/polls/{pollId}/results', { path: poll(pollId), signal }),
    moderate: (pollId, answerId, status) =>
      api.patch('/events/{id}/polls/{pollId}/answers/{answerId}', {
        path: { id: eventId, pollId, answerId },
        body: { status },
      }),
    downloadCsv: () => downloadCsv(apiPath('/events/{id}/polls.csv', { path: event }), 'polls.csv'),
  };
}

/** The key under which a guest's answers are cached: never shared with an organiser's. */
export const guestPollsQueryKey = (eventId: string) => ['shared-polls', eventId] as const;

export function guestPollsApi(eventId: string, token: string): PollsApi {
  // No dashboard credentials: the share link's token alone (ADR 025, ADR 056).
  const guest = { anonymous: true, headers: { [TOKEN_AUTHORIZATION_HEADER]: token } };
  const event = { eventId };
  const poll = (pollId: string) => ({ eventId, pollId });
  return {
    kind: 'guest',
    eventId,
    queryKey: guestPollsQueryKey(eventId),
    list: async (signal) =>
      (await api.get('/shared/polls/{eventId}', { path: event, signal, ...guest })).polls,
    create: (input) => api.post('/shared/polls/{eventId}', { path: event, body: input, ...guest }),
    update: (pollId, patch) =>
      api.patch('/shared/polls/{eventId}/{pollId}', { path: poll(pollId), body: patch, ...guest }),
    remove: async (pollId) => {
      await api.delete('/shared/polls/{eventId}/{pollId}', { path: poll(pollId), ...guest });
    },
    reorder: (ids) =>
      api.put('/shared/polls/{eventId}/order', { path: event, body: { ids }, ...guest }),
    launch: (pollId) =>
      api.post('/shared/polls/{eventId}/{pollId}/launch', { path: poll(pollId), ...guest }),
    close: (pollId) =>
      api.post('/shared/polls/{eventId}/{pollId}/close', { path: poll(pollId), ...guest }),
    results: (pollId, signal) =>
      api.get('/shared/polls/{eventId}/{pollId}/results', {
        path: poll(pollId),
        signal,
        ...guest,
      }),
    moderate: (pollId, answerId, status) =>
      api.patch('/shared/polls/{eventId}/{pollId}/answers/{answerId}', {
        path: { eventId, pollId, answerId },
        body: { status },
        ...guest,
      }),
  };
}
