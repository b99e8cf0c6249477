import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/typed-api';

/**
 * The event's messages as more than one part of the dashboard needs them (ADR 022, ADR 025):
 * the inbox lists them, the event navigation shows their unread count. Invalidating
 * `eventMessagesQueryKey(eventId)` reloads both.
 */
export const eventMessagesQueryKey = (eventId: string) => ['events', 'messages', eventId] as const;

/** How often the navigation's count is refreshed when no inbox stream keeps it current. */
export const UNREAD_REFRESH_MS = 30_000;

/**
 * The unread count of the event's messages, whatever the inbox's filters: the list's
 * `unreadCount` with one result. Refreshed every 30 s and whenever the inbox stream reports a
 * change (it invalidates `eventMessagesQueryKey`).
 */
export const unreadMessagesQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: [...eventMessagesQueryKey(eventId), 'unread'] as const,
    queryFn: ({ signal }) =>
      api.get('/events/{id}/messages', { path: { id: eventId }, query: { pageSize: 1 }, signal }),
    select: (page) => page.unreadCount,
    refetchInterval: UNREAD_REFRESH_MS,
  });

/** How many of the newest questions the control room lists, and how often it reads them again. */
export const NEWEST_QUESTIONS = 5;
export const NEWEST_QUESTIONS_REFRESH_MS = 10_000;

/** The viewers' five newest questions, whatever their state (docs/decisions/060-control-room.md). */
export const newestQuestionsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: [...eventMessagesQueryKey(eventId), 'newest'] as const,
    queryFn: ({ signal }) =>
      api.get('/events/{id}/messages', {
        path: { id: eventId },
        query: { pageSize: NEWEST_QUESTIONS, sort: 'newest', kind: 'viewer' },
        signal,
      }),
    select: (page) => page.results,
    refetchInterval: NEWEST_QUESTIONS_REFRESH_MS,
  });
