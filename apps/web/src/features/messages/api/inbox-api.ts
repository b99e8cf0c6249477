import {
  TOKEN_AUTHORIZATION_HEADER,
  type InboxMessage,
  type InboxMessageDetail,
  type MessagePatch,
  type MessagesPage,
  type MessagesQuery,
  type SharedMessages,
} from '@livent/shared';
import {
  API_BASE,
  apiFetch,
  apiResponse,
  errorFrom,
  type ApiRequest,
} from '../../../lib/api-client';
import { eventMessagesPath, eventMessagesQueryKey } from '../../../lib/events/messages';

/**
 * The inbox's calls, for the organiser (signed in) or a guest moderator (the share link's token
 * in `Token-Authorization`, no dashboard credentials). The screen takes one of them, so that both
 * inboxes are the same components (docs/product-spec.md section 2; ADR 025). What a guest may not
 * do (delete, internal notes, export, the history) is absent from theirs.
 */
export interface InboxApi {
  kind: 'organiser' | 'guest';
  eventId: string;
  /** The prefix of every cached query of this inbox. */
  queryKey: readonly unknown[];
  list(query: MessagesQuery, signal?: AbortSignal): Promise<MessagesPage>;
  patch(messageId: string, patch: MessagePatch): Promise<InboxMessage>;
  /** The message with its history; absent for guests, who see the list's message. */
  detail?: (messageId: string, signal?: AbortSignal) => Promise<InboxMessageDetail>;
  remove?: (messageId: string) => Promise<void>;
  /** An internal note among organisers. */
  createInternal?: (text: string) => Promise<InboxMessage>;
  /** The filtered list as CSV, with its file name. */
  exportCsv?: (query: MessagesQuery) => Promise<{ blob: Blob; filename: string }>;
  /** The live stream's address (the URL the stream client reports). */
  streamPath: string;
  /** Opens the live stream (with the credentials the kind needs), for the `eventsource` client. */
  openStream(init: {
    headers: Record<string, string>;
    signal?: AbortSignal;
    cache?: RequestCache;
  }): Promise<Response>;
}

/** The query string of the list and the export: only the set filters. */
export function messagesSearch(query: MessagesQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The file name of a `Content-Disposition` header, or the fallback. */
function filenameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

export function organiserInboxApi(eventId: string): InboxApi {
  const path = eventMessagesPath(eventId);
  const messagePath = (id: string) => `${path}/${encodeURIComponent(id)}`;
  return {
    kind: 'organiser',
    eventId,
    queryKey: eventMessagesQueryKey(eventId),
    list: (query, signal) => apiFetch<MessagesPage>(`${path}${messagesSearch(query)}`, { signal }),
    detail: (id, signal) => apiFetch<InboxMessageDetail>(messagePath(id), { signal }),
    patch: (id, patch) => apiFetch<InboxMessage>(messagePath(id), { method: 'PATCH', body: patch }),
    remove: (id) => apiFetch<void>(messagePath(id), { method: 'DELETE' }),
    createInternal: (text) => apiFetch<InboxMessage>(path, { method: 'POST', body: { text } }),
    exportCsv: async (query) => {
      const response = await apiResponse(`${path}/export${messagesSearch(query)}`, {
        headers: { Accept: 'text/csv' },
      });
      if (!response.ok) throw await errorFrom(response);
      return { blob: await response.blob(), filename: filenameOf(response, 'messages.csv') };
    },
    streamPath: `${API_BASE}${path}/stream`,
    openStream: (init) => apiResponse(`${path}/stream`, init),
  };
}

/** The key under which a guest's answers are cached: never shared with an organiser's. */
export const guestInboxQueryKey = (eventId: string) => ['shared-messages', eventId] as const;

const guestListPath = (eventId: string, query: MessagesQuery) =>
  `/shared/messages/${encodeURIComponent(eventId)}${messagesSearch(query)}`;

/**
 * The event a guest's token opens (its title for the shared header), or the server's 404
 * "Token not found" / "Token expired" as an `ApiError`.
 */
export async function guestEvent(eventId: string, token: string): Promise<SharedMessages['event']> {
  const shared = await apiFetch<SharedMessages>(guestListPath(eventId, { pageSize: 1 }), {
    anonymous: true,
    headers: { [TOKEN_AUTHORIZATION_HEADER]: token },
  });
  return shared.event;
}

export function guestInboxApi(eventId: string, token: string): InboxApi {
  const path = `/shared/messages/${encodeURIComponent(eventId)}`;
  const guest = (request: ApiRequest = {}): ApiRequest => ({
    ...request,
    anonymous: true,
    headers: {
      ...(request.headers as Record<string, string>),
      [TOKEN_AUTHORIZATION_HEADER]: token,
    },
  });
  return {
    kind: 'guest',
    eventId,
    queryKey: guestInboxQueryKey(eventId),
    list: async (query, signal) => {
      const shared = await apiFetch<SharedMessages>(
        guestListPath(eventId, query),
        guest({ signal }),
      );
      return shared.messages;
    },
    patch: (id, patch) =>
      apiFetch<InboxMessage>(
        `${path}/${encodeURIComponent(id)}`,
        guest({ method: 'PATCH', body: patch }),
      ),
    streamPath: `${API_BASE}${path}/stream`,
    openStream: (init) => apiResponse(`${path}/stream`, guest(init)),
  };
}
