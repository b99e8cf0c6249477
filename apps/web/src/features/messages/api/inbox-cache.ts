import type { InboxMessage, MessageChange, MessagesPage } from '@livent/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { InboxApi, InboxQuery } from './inbox-api';

/** The inbox's lists in the cache: their key ends with the query they were asked with. */
export const listQueryKey = (api: InboxApi, query: InboxQuery) =>
  [...api.queryKey, 'list', query] as const;
export const detailQueryKey = (api: InboxApi, messageId: string) =>
  [...api.queryKey, 'detail', messageId] as const;

/** Whether a message belongs in a list asked with these filters (as the server filters). */
export function matchesQuery(message: InboxMessage, query: InboxQuery): boolean {
  if (query.status !== undefined && message.status !== query.status) return false;
  if (query.kind !== undefined && message.kind !== query.kind) return false;
  // The query holds the URL's form: 'true' or 'false'.
  if (query.unread !== undefined && message.read === (query.unread === 'true')) return false;
  if (query.answered !== undefined && (message.answer !== null) !== (query.answered === 'true')) {
    return false;
  }
  if (query.channel !== undefined) {
    const channel = message.channelId ?? 'main';
    if (message.kind === 'internal' || channel !== query.channel) return false;
  }
  const q = query.q?.trim().toLowerCase();
  if (q) {
    const haystack = [message.text, message.authorName, message.answer ?? ''];
    if (!haystack.some((text) => text.toLowerCase().includes(q))) return false;
  }
  return true;
}

type ListEntry = [readonly unknown[], MessagesPage | undefined];

function lists(queryClient: QueryClient, api: InboxApi): ListEntry[] {
  return queryClient.getQueriesData<MessagesPage>({ queryKey: [...api.queryKey, 'list'] });
}

const queryOf = (key: readonly unknown[]): InboxQuery => (key.at(-1) ?? {}) as InboxQuery;

/** The message as one of the cached lists holds it, before a change. */
function cachedMessage(entries: ListEntry[], id: string): InboxMessage | undefined {
  for (const [, page] of entries) {
    const found = page?.results.find((message) => message.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Merges a live change (or a write's answer) into the cached lists, so that the open inbox shows
 * it at once (ADR 025): a new message goes on top of the first page of lists sorted newest first
 * whose filters it matches; a changed one is replaced where it is (it stays in view while being
 * moderated, even if it no longer matches a filter); a deleted one leaves. Lists whose order the
 * change may upset (other pages, other sorts) are marked stale and reload.
 */
export function applyChange(queryClient: QueryClient, api: InboxApi, change: MessageChange): void {
  const entries = lists(queryClient, api);
  const id = change.change === 'deleted' ? change.id : change.message.id;
  const before = cachedMessage(entries, id);
  const unreadDelta =
    change.change === 'created'
      ? change.message.read
        ? 0
        : 1
      : change.change === 'deleted'
        ? before && !before.read
          ? -1
          : 0
        : before && before.read !== change.message.read
          ? change.message.read
            ? -1
            : 1
          : 0;

  for (const [key, page] of entries) {
    if (!page) continue;
    const query = queryOf(key);
    const unreadCount = Math.max(0, page.unreadCount + unreadDelta);
    if (change.change === 'created') {
      if (page.results.some((message) => message.id === id)) continue;
      const newestFirst = (query.sort ?? 'newest') === 'newest' && (query.page ?? 1) === 1;
      if (!matchesQuery(change.message, query)) {
        queryClient.setQueryData<MessagesPage>(key, { ...page, unreadCount });
      } else if (newestFirst) {
        queryClient.setQueryData<MessagesPage>(key, {
          ...page,
          unreadCount,
          total: page.total + 1,
          results: [change.message, ...page.results].slice(0, page.pageSize),
        });
      } else {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    } else if (change.change === 'changed') {
      const index = page.results.findIndex((message) => message.id === id);
      const results = page.results.map((message) => (message.id === id ? change.message : message));
      queryClient.setQueryData<MessagesPage>(key, { ...page, unreadCount, results });
      if (index >= 0 && query.sort === 'votes' && before?.votes !== change.message.votes) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    } else {
      const results = page.results.filter((message) => message.id !== id);
      const removed = results.length !== page.results.length;
      queryClient.setQueryData<MessagesPage>(key, {
        ...page,
        unreadCount,
        total: removed ? Math.max(0, page.total - 1) : page.total,
        results,
      });
      if (removed && page.total > page.results.length) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    }
  }

  if (change.change === 'deleted') {
    queryClient.removeQueries({ queryKey: detailQueryKey(api, id) });
  } else if (change.change === 'changed') {
    // The history grows with each step: the detail reloads it.
    void queryClient.invalidateQueries({ queryKey: detailQueryKey(api, id) });
  }
}
