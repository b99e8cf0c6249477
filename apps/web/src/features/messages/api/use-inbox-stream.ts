import { messageChangeSchema } from '@livent/shared';
import { useQueryClient } from '@tanstack/react-query';
import { EventSource, type FetchLike } from 'eventsource';
import { useEffect } from 'react';
import type { InboxApi } from './inbox-api';
import { receiveChange } from './inbox-queries';

/** After the stream failed for good (an error status), how long until it tries again. */
const RETRY_AFTER_FAILURE_MS = 10_000;

/**
 * Keeps the open inbox live (ADR 025): Server-Sent Events through the `eventsource` client,
 * whose `fetch` option sends the credentials the browser's EventSource cannot (`Authorization`
 * with the API client's fresh token, or the guest's `Token-Authorization`). It reconnects with
 * `Last-Event-ID` by itself, so nothing is missed; `reset` (too much missed) reloads the lists.
 * A connection refused with an error status is not retried by the client; this hook tries again
 * a little later, and reloads the lists when it does, since changes may have been missed.
 */
export function useInboxStream(api: InboxApi): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const reload = () => void queryClient.invalidateQueries({ queryKey: api.queryKey });

    const fetchWithCredentials: FetchLike = (_url, init) =>
      api.openStream({ headers: init.headers, signal: init.signal, cache: init.cache });

    const connect = () => {
      source = new EventSource(api.streamPath, {
        fetch: fetchWithCredentials,
      });
      source.addEventListener('message', (event) => {
        const parsed = messageChangeSchema.safeParse(JSON.parse(event.data));
        if (parsed.success) receiveChange(queryClient, api, parsed.data);
      });
      source.addEventListener('reset', reload);
      source.addEventListener('error', () => {
        if (closed || source?.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(() => {
          reload();
          connect();
        }, RETRY_AFTER_FAILURE_MS);
      });
    };
    connect();

    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [api, queryClient]);
}
