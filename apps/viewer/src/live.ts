// The page's one live stream (docs/decisions/057-engagement-and-the-viewer-stream.md): polls,
// reactions, message changes, remote reloads and state changes as they happen. Blocks of the page never open a
// stream of their own: they listen for `lv:live` on `document`, whose detail is `{ kind, data }`.
// A `reset` means entries may have been missed: read your state again.

/** The frames' kinds (`LIVE_KINDS` of @livent/shared, which this script does not bundle). */
const LIVE_KINDS = [
  'poll',
  'poll-removed',
  'reactions',
  'messages',
  'reload',
  'state',
  'reset',
] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

export interface LiveDetail {
  kind: LiveKind;
  data: unknown;
}

export const LIVE_EVENT = 'lv:live';

/** Attempts in a row that never opened before the page gives up the stream for polling. */
export const FAILURES_BEFORE_POLLING = 3;
/** An attempt not open after this long counts as failed (a proxy that holds the stream back). */
export const OPEN_TIMEOUT_MS = 10_000;
/** The polling fallback's pace, while the tab is visible. */
export const POLL_MS = 2_000;
/** While polling, the stream is tried again this often (the proxy may have been a hotel's). */
export const STREAM_RETRY_MS = 5 * 60_000;
/** After a refused or failed attempt, the next one waits this long, doubling up to the last. */
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

interface SinceAnswer {
  entries: { id: number; kind: LiveKind; data: unknown }[];
  last: number;
}

function dispatch(kind: LiveKind, data: unknown): void {
  document.dispatchEvent(new CustomEvent<LiveDetail>(LIVE_EVENT, { detail: { kind, data } }));
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export interface LivePage {
  slug: string;
  /** The channel page's slug; empty for the event's main page. */
  channel: string;
  /**
   * The event is behind a gate: a refused stream may mean that this viewer's session ended,
   * which the page then reloads to show (the gate says why).
   */
  protected?: boolean;
}

/**
 * The refusal of a session that a newer one of the same personal link ended
 * (`ERROR_MESSAGES.sessionEnded` of @livent/shared, docs/decisions/067-session-limits.md).
 */
export const SESSION_ENDED = 'This session ended';

/** Whether a refusal says that this viewer's session ended. */
async function sessionEnded(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const answer = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return answer?.message === SESSION_ENDED;
}

/**
 * Opens the page's stream and re-dispatches every frame; where streams do not get through
 * (attempts that never open, {@link FAILURES_BEFORE_POLLING} in a row), polls `_live/since`
 * instead while the tab is visible. Answers a function that stops everything (tests).
 */
export function startLive(page: LivePage): () => void {
  const base = `/${page.slug}/_live`;
  const channelParam = page.channel ? `channel=${encodeURIComponent(page.channel)}` : '';
  /** The last entry id this page has: where a new stream or a poll resumes after. */
  let lastId = '';
  let source: EventSource | undefined;
  let failures = 0;
  let retryDelay = RETRY_MIN_MS;
  let openTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  let streamRetryTimer: ReturnType<typeof setInterval> | undefined;
  let polling = false;
  let stopped = false;

  const query = (after: string) =>
    [channelParam, after ? `after=${after}` : ''].filter(Boolean).join('&');

  const closeSource = () => {
    clearTimeout(openTimer);
    source?.close();
    source = undefined;
  };

  /** Reloads into the gate when the refusal was an ended session; other refusals retry. */
  const reloadIfEnded = (response: Response) =>
    sessionEnded(response).then((ended) => {
      if (ended && !stopped) location.reload();
    });

  /** A refused stream does not say why: on a protected page, the fallback's answer does. */
  const askWhyRefused = () => {
    if (!page.protected) return;
    const params = query('');
    fetch(`${base}/since${params ? `?${params}` : ''}`, { credentials: 'same-origin' })
      .then(reloadIfEnded)
      .catch(() => undefined);
  };

  const failed = () => {
    closeSource();
    failures += 1;
    if (failures >= FAILURES_BEFORE_POLLING) {
      startPolling();
      return;
    }
    retryTimer = setTimeout(connect, retryDelay);
    retryDelay = Math.min(RETRY_MAX_MS, retryDelay * 2);
  };

  function connect(): void {
    if (stopped || source) return;
    const params = query(lastId);
    // A new EventSource sends no Last-Event-ID: where it resumes goes in the query.
    const stream = new EventSource(params ? `${base}?${params}` : base);
    source = stream;
    let opened = false;
    openTimer = setTimeout(failed, OPEN_TIMEOUT_MS);
    stream.addEventListener('open', () => {
      opened = true;
      clearTimeout(openTimer);
      failures = 0;
      retryDelay = RETRY_MIN_MS;
      stopPolling();
    });
    stream.addEventListener('error', () => {
      if (source !== stream) return;
      // A dropped stream that was open reconnects by itself with Last-Event-ID (CONNECTING);
      // one the server refused (or never answered) is closed and tried again here.
      if (stream.readyState === EventSource.CLOSED) {
        if (opened) failures = 0;
        failed();
        askWhyRefused();
      } else if (opened) {
        opened = false;
        openTimer = setTimeout(failed, OPEN_TIMEOUT_MS);
      }
    });
    const track = (event: MessageEvent<string>) => {
      if (event.lastEventId) lastId = event.lastEventId;
    };
    stream.addEventListener('ready', track);
    for (const kind of LIVE_KINDS) {
      stream.addEventListener(kind, (event: MessageEvent<string>) => {
        track(event);
        dispatch(kind, parse(event.data));
      });
    }
  }

  const poll = () => {
    if (document.visibilityState !== 'visible') return;
    const params = query(lastId);
    fetch(`${base}/since${params ? `?${params}` : ''}`, { credentials: 'same-origin' })
      .then(async (response) => {
        if (response.ok) return (await response.json()) as SinceAnswer;
        await reloadIfEnded(response);
        return undefined;
      })
      .then((answer) => {
        if (!answer || !polling) return;
        // The first answer only says where the log stands: nothing old is replayed.
        if (lastId) for (const entry of answer.entries) dispatch(entry.kind, entry.data);
        lastId = String(answer.last);
      })
      .catch(() => undefined);
  };

  function startPolling(): void {
    if (polling || stopped) return;
    polling = true;
    poll();
    pollTimer = setInterval(poll, POLL_MS);
    streamRetryTimer = setInterval(() => {
      // One more try; the stream's `open` ends the polling, a failure keeps it.
      failures = FAILURES_BEFORE_POLLING - 1;
      connect();
    }, STREAM_RETRY_MS);
  }

  function stopPolling(): void {
    if (!polling) return;
    polling = false;
    clearInterval(pollTimer);
    clearInterval(streamRetryTimer);
  }

  const onVisible = () => {
    if (polling && document.visibilityState === 'visible') poll();
  };
  document.addEventListener('visibilitychange', onVisible);

  if (typeof EventSource === 'function') connect();
  else startPolling();

  return () => {
    stopped = true;
    closeSource();
    clearTimeout(retryTimer);
    stopPolling();
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Calls `listener` with the data of each live frame of the given kinds; answers its removal. */
export function onLive(
  kinds: readonly LiveKind[],
  listener: (kind: LiveKind, data: unknown) => void,
): () => void {
  const handle = (event: Event) => {
    const { kind, data } = (event as CustomEvent<LiveDetail>).detail;
    if (kinds.includes(kind)) listener(kind, data);
  };
  document.addEventListener(LIVE_EVENT, handle);
  return () => document.removeEventListener(LIVE_EVENT, handle);
}
