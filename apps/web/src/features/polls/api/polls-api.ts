import {
  TOKEN_AUTHORIZATION_HEADER,
  type Poll,
  type PollAnswerStatus,
  type PollInput,
  type PollPatch,
  type PollResultsDetail,
} from '@livent/shared';
import { apiFetch, type ApiRequest } from '../../../lib/api-client';
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

/** The calls under one base path (`/events/{id}` or `/shared/polls/{eventId}`), with the request's extras. */
function pollsCalls(base: string, request: () => ApiRequest) {
  const call = <T>(path: string, method: string, body?: unknown, signal?: AbortSignal) =>
    apiFetch<T>(`${base}${path}`, {
      ...request(),
      ...(method === 'GET' ? {} : { method }),
      ...(body === undefined ? {} : { body }),
      signal,
    });
  const poll = (pollId: string) => `/${encodeURIComponent(pollId)}`;
  return {
    list: async (signal?: AbortSignal) =>
      (await call<{ polls: Poll[] }>('', 'GET', undefined, signal)).polls,
    create: (input: PollInput) => call<Poll>('', 'POST', input),
    update: (pollId: string, patch: PollPatch) => call<Poll>(poll(pollId), 'PATCH', patch),
    remove: (pollId: string) => call<void>(poll(pollId), 'DELETE'),
    reorder: (ids: string[]) => call<unknown>('/order', 'PUT', { ids }),
    launch: (pollId: string) => call<Poll>(`${poll(pollId)}/launch`, 'POST'),
    close: (pollId: string) => call<Poll>(`${poll(pollId)}/close`, 'POST'),
    results: (pollId: string, signal?: AbortSignal) =>
      call<PollResultsDetail>(`${poll(pollId)}/results`, 'GET', undefined, signal),
    moderate: (pollId: string, answerId: string, status: PollAnswerStatus) =>
      call<unknown>(`${poll(pollId)}/answers/${encodeURIComponent(answerId)}`, 'PATCH', {
        status,
      }),
  };
}

export const organiserPollsQueryKey = (eventId: string) => ['events', 'polls', eventId] as const;

export function organiserPollsApi(eventId: string): PollsApi {
  const event = `/events/${encodeURIComponent(eventId)}`;
  return {
    kind: 'organiser',
    eventId,
    queryKey: organiserPollsQueryKey(eventId),
    ...pollsCalls(`${event}/polls`, () => ({})),
    downloadCsv: () => downloadCsv(`${event}/polls.csv`, 'polls.csv'),
  };
}

/** The key under which a guest's answers are cached: never shared with an organiser's. */
export const guestPollsQueryKey = (eventId: string) => ['shared-polls', eventId] as const;

export function guestPollsApi(eventId: string, token: string): PollsApi {
  return {
    kind: 'guest',
    eventId,
    queryKey: guestPollsQueryKey(eventId),
    ...pollsCalls(`/shared/polls/${encodeURIComponent(eventId)}`, () => ({
      anonymous: true,
      headers: { [TOKEN_AUTHORIZATION_HEADER]: token },
    })),
  };
}
