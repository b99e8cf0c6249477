import {
  TOKEN_AUTHORIZATION_HEADER,
  type InboxMessage,
  type InboxMessageDetail,
  type MessagePatch,
  type MessagesPage,
  type SharedMessages,
} from '@livent/shared';
import { API_BASE, apiResponse, errorFrom, type ApiRequest } from '../../../lib/api-client';
import { api, apiPath, type ApiQuery } from '../../../lib/api/typed-api';
import { eventMessagesQueryKey } from '../../../lib/events/messages';

/** The list's and the export's filters, paging and sort, as the route reads them. */
export type InboxQuery = ApiQuery<'get', '/events/{id}/messages'>;

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
  list(query: InboxQuery, signal?: AbortSignal): Promise<MessagesPage>;
  patch(messageId: string, patch: MessagePatch): Promise<InboxMessage>;
  /** The message with its history; absent for guests, who see the list's message. */
  detail?: (messageId: string, signal?: AbortSignal) => Promise<InboxMessageDetail>;
  remove?: (messageId: string) => Promise<void>;
  /** An internal note among organisers. */
  createInternal?: (text: string) => Promise<InboxMessage>;
  /** The filtered list as CSV, with its file name. */
  exportCsv?: (query: InboxQuery) => Promise<{ blob: Blob; filename: string }>;
  /** The live stream's address (the URL the stream client reports). */
  streamPath: string;
  /** Opens the live stream (with the credentials the kind needs), for the `eventsource` client. */
  openStream(init: {
    headers: Record<string, string>;
    signal?: AbortSignal;
    cache?: RequestCache;
  }): Promise<Response>;
}

/** The file name of a `Content-Disposition` header, or the fallback. */
function filenameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

export function organiserInboxApi(eventId: string): InboxApi {
  const event = { id: eventId };
  const message = (messageId: string) => ({ id: eventId, messageId });
  const streamPath = apiPath('/events/{id}/messages/stream', { path: event });
  return {
    kind: 'organiser',
    eventId,
    queryKey: eventMessagesQueryKey(eventId),
    list: (query, signal) => api.get('/events/{id}/messages', { path: event, query, signal }),
    detail: (id, signal) =>
      api.get('/events/{id}/messages/{messageId}', { path: message(id), signal }),
    patch: (id, patch) =>
      api.patch('/events/{id}/messages/{messageId}', { path: message(id), body: patch }),
    remove: (id) => api.delete('/events/{id}/messages/{messageId}', { path: message(id) }),
    createInternal: (text) => api.post('/events/{id}/messages', { path: event, body: { text } }),
    exportCsv: async (query) => {
      const response = await apiResponse(
        apiPath('/events/{id}/messages/export', { path: event, query }),
        { headers: { Accept: 'text/csv' } },
      );
      if (!response.ok) throw await errorFrom(response);
      return { blob: await response.blob(), filename: filenameOf(response, 'messages.csv') };
    },
    streamPath: `${API_BASE}${streamPath}`,
    openStream: (init) => apiResponse(streamPath, init),
  };
}

/** The key under which a guest's answers are cached: never shared with an organiser's. */
export const guestInboxQueryKey = (eventId: string) => ['shared-messages', eventId] as const;

/** What a guest's token opens: the shared messages of the event (`/shared/messages/{eventId}`). */
const guestList = (eventId: string, query: InboxQuery, request: GuestRequest) =>
  api.get('/shared/{shareType}/{eventId}', {
    path: { shareType: 'messages', eventId },
    query,
    ...request,
  });

type GuestRequest = Omit<ApiRequest, 'body' | 'method'>;

/**
 * The event a guest's token opens (its title for the shared header), or the server's 404
 * "Token not found" / "Token expired" as an `ApiError`.
 */
export async function guestEvent(eventId: string, token: string): Promise<SharedMessages['event']> {
  const shared = await guestList(
    eventId,
    { pageSize: 1 },
    { anonymous: true, headers: { [TOKEN_AUTHORIZATION_HEADER]: token } },
  );
  return shared.event;
}

export function guestInboxApi(eventId: string, token: string): InboxApi {
  const streamPath = apiPath('/shared/messages/{eventId}/stream', { path: { eventId } });
  const guest = (request: GuestRequest = {}): GuestRequest => ({
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
      const shared = await guestList(eventId, query, guest({ signal }));
      return shared.messages;
    },
    patch: (id, patch) =>
      api.patch('/shared/messages/{eventId}/{messageId}', {
        path: { eventId, messageId: id },
        body: patch,
        ...guest(),
      }),
    streamPath: `${API_BASE}${streamPath}`,
    openStream: (init) => apiResponse(streamPath, guest(init)),
  };
}
