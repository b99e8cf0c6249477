import type { InboxMessage, MessageChange, MessagePatch } from '@livent/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { InboxApi, InboxQuery } from './inbox-api';
import { applyChange, detailQueryKey, listQueryKey } from './inbox-cache';
import { saveBlob } from '../../../lib/download';

export const inboxListQueryOptions = (api: InboxApi, query: InboxQuery) =>
  queryOptions({
    queryKey: listQueryKey(api, query),
    queryFn: ({ signal }) => api.list(query, signal),
    // Paging and filtering keep the last page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });

export const inboxDetailQueryOptions = (api: InboxApi, messageId: string) =>
  queryOptions({
    queryKey: detailQueryKey(api, messageId),
    queryFn: ({ signal }) => {
      if (!api.detail) throw new Error('This inbox has no message details');
      return api.detail(messageId, signal);
    },
    enabled: Boolean(api.detail),
  });

/**
 * A change reached this inbox (a write's answer or the live stream): merged into the lists, and
 * everything else that counts messages (the navigation's unread count) reloads.
 */
export function receiveChange(queryClient: QueryClient, api: InboxApi, change: MessageChange) {
  applyChange(queryClient, api, change);
  void queryClient.invalidateQueries({ queryKey: [...api.queryKey, 'unread'] });
}

/** Moderates a message: read, status, answer, visibility, pin (ADR 025). */
export function useUpdateMessage(api: InboxApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: MessagePatch }) => api.patch(id, patch),
    onSuccess: (message: InboxMessage, { patch }) => {
      receiveChange(queryClient, api, { change: 'changed', message });
      // Pinning one question unpins the other: the lists reload to show which.
      if (patch.pinned) void queryClient.invalidateQueries({ queryKey: [...api.queryKey, 'list'] });
    },
  });
}

export function useDeleteMessage(api: InboxApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      if (!api.remove) throw new Error('This inbox cannot delete');
      await api.remove(id);
    },
    onSuccess: (_answer, id) => receiveChange(queryClient, api, { change: 'deleted', id }),
  });
}

/** A note among organisers (`kind: internal`); never shown to viewers or guests. */
export function useCreateInternalMessage(api: InboxApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => {
      if (!api.createInternal) throw new Error('This inbox cannot write notes');
      return api.createInternal(text);
    },
    onSuccess: (message) => receiveChange(queryClient, api, { change: 'created', message }),
  });
}

/** Downloads the filtered list as CSV: fetched with the credentials, saved through a link. */
export function useExportMessages(api: InboxApi) {
  return useMutation({
    mutationFn: async (query: InboxQuery) => {
      if (!api.exportCsv) throw new Error('This inbox cannot export');
      const { blob, filename } = await api.exportCsv(query);
      saveBlob(blob, filename);
    },
  });
}
