import { EventSource, type FetchLike } from 'eventsource';
import { useEffect, useEffectEvent, useState } from 'react';

/** After the stream failed for good (an error status), how long until it tries again. */
export const RETRY_AFTER_FAILURE_MS = 10_000;

/** What the caller's `open` gets: the client's headers (`Last-Event-ID`, `Accept`) and signal. */
export interface StreamInit {
  headers: Record<string, string>;
  signal?: AbortSignal;
  cache?: RequestCache;
}

/** `connecting` until the first answer, `open` while it streams, `retrying` after it broke. */
export type StreamState = 'connecting' | 'open' | 'retrying';

export interface EventStreamOptions {
  /** The stream's address, as the client reports it; a new address opens a new stream. */
  url: string;
  /** Opens the stream with the credentials it needs (the API client's `Authorization`, a guest token). */
  open: (init: StreamInit) => Promise<Response>;
  /** What to do with each named event's `data` (`message` is the unnamed one). */
  on: Record<string, (data: string) => void>;
  /**
   * Called when the stream is opened again after it had failed for good: what was sent meanwhile
   * is lost, so the caller reloads what the stream would have changed.
   */
  onResume?: () => void;
  /** False: no stream (the screen has nothing to show live). */
  enabled?: boolean;
}

/**
 * One Server-Sent Events stream for a screen (ADR 025), through the `eventsource` client, whose
 * `fetch` option sends the credentials the browser's EventSource cannot. The client reconnects
 * with `Last-Event-ID` by itself after a dropped connection; a connection refused with an error
 * status it gives up on, and this hook tries again a little later. Handlers may change on every
 * render without reopening the stream.
 */
export function useEventStream({
  url,
  open,
  on,
  onResume,
  enabled = true,
}: EventStreamOptions): StreamState {
  // Kept with the stream it describes, so that a new address starts as `connecting`.
  const [status, setStatus] = useState<{ url: string; state: StreamState }>();
  const setState = (state: StreamState) => setStatus({ url, state });
  const dispatch = useEffectEvent((name: string, data: string) => on[name]?.(data));
  const resume = useEffectEvent(() => onResume?.());
  const report = useEffectEvent((state: StreamState) => setState(state));
  const openStream = useEffectEvent((init: StreamInit) => open(init));
  // The names are read once per stream: listeners are added when it opens.
  const names = Object.keys(on).sort().join(',');

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;

    const fetchWithCredentials: FetchLike = (_url, init) =>
      openStream({ headers: init.headers, signal: init.signal, cache: init.cache });

    const connect = () => {
      source = new EventSource(url, { fetch: fetchWithCredentials });
      source.addEventListener('open', () => report('open'));
      for (const name of names.split(',').filter(Boolean)) {
        source.addEventListener(name, (event) => dispatch(name, event.data));
      }
      source.addEventListener('error', () => {
        if (closed) return;
        report('retrying');
        if (source?.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(() => {
          resume();
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
  }, [url, names, enabled]);

  return status?.url === url ? status.state : 'connecting';
}
