import { ERROR_MESSAGES } from '@livent/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FAILURES_BEFORE_POLLING,
  LIVE_EVENT,
  OPEN_TIMEOUT_MS,
  POLL_MS,
  SESSION_ENDED,
  startLive,
  type LiveDetail,
} from './live.js';

// The page's one live stream (ADR 057): frames re-dispatched as `lv:live` events, and the
// polling fallback where streams do not get through.

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  frame(kind: string, data: unknown, id = ''): void {
    this.dispatchEvent(new MessageEvent(kind, { data: JSON.stringify(data), lastEventId: id }));
  }

  /** The server refused (a status other than 200): the browser gives the stream up. */
  refuse(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const latest = () => FakeEventSource.opened[FakeEventSource.opened.length - 1]!;

let received: LiveDetail[];
const collect = (event: Event) => received.push((event as CustomEvent<LiveDetail>).detail);
let fetched: string[];
let sinceAnswers: object[];
let stop: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  received = [];
  document.addEventListener(LIVE_EVENT, collect);
  fetched = [];
  sinceAnswers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      fetched.push(url);
      const answer = sinceAnswers.shift() ?? { entries: [], last: 0 };
      return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
    }),
  );
});

afterEach(() => {
  stop?.();
  stop = undefined;
  document.removeEventListener(LIVE_EVENT, collect);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live stream', () => {
  it('opens one stream for the page and re-dispatches its frames with their JSON', () => {
    stop = startLive({ slug: 'launch', channel: 'hall-b' });
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([
      '/launch/_live?channel=hall-b',
    ]);
    const source = latest();
    source.open();
    source.frame('ready', { seq: 4 }, '4');
    source.frame('poll', { id: 'p1', question: 'Tea or coffee?' }, '5');
    source.frame('messages', {});
    source.frame('reset', { seq: 9 }, '9');
    expect(received).toEqual([
      { kind: 'poll', data: { id: 'p1', question: 'Tea or coffee?' } },
      { kind: 'messages', data: {} },
      { kind: 'reset', data: { seq: 9 } },
    ]);
  });

  it('resumes a refused stream after the last id it had, without a reset of its own', async () => {
    stop = startLive({ slug: 'launch', channel: '' });
    const first = latest();
    first.open();
    first.frame('reactions', { heart: 3 }, '12');
    first.refuse();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(latest()).not.toBe(first);
    expect(latest().url).toBe('/launch/_live?after=12');
    expect(received.map((detail) => detail.kind)).toEqual(['reactions']);
  });

  it('falls back to polling when the stream fails to open several times in a row, and stops when it opens', async () => {
    stop = startLive({ slug: 'launch', channel: '' });
    expect(FAILURES_BEFORE_POLLING).toBe(3);
    // One attempt refused, one held back by a proxy until the open timeout, each tried again.
    latest().refuse();
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.advanceTimersByTimeAsync(OPEN_TIMEOUT_MS);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(fetched).toEqual([]);
    sinceAnswers = [
      { entries: [], last: 7 },
      {
        entries: [
          { id: 8, kind: 'poll', data: { id: 'p2' } },
          { id: 9, kind: 'reload', data: { reloadAt: '2026-11-28T12:00:00.000Z' } },
        ],
        last: 9,
      },
    ];
    latest().refuse();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched).toEqual(['/launch/_live/since']);
    // The first answer says where the log stands; what came after it is dispatched.
    expect(received).toEqual([]);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetched[1]).toBe('/launch/_live/since?after=7');
    expect(received).toEqual([
      { kind: 'poll', data: { id: 'p2' } },
      { kind: 'reload', data: { reloadAt: '2026-11-28T12:00:00.000Z' } },
    ]);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetched[2]).toBe('/launch/_live/since?after=9');

    // Not while the tab is hidden.
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(fetched).toHaveLength(3);
    vi.restoreAllMocks();

    // The stream is tried again later; once it opens, the polling ends.
    const streams = FakeEventSource.opened.length;
    await vi.advanceTimersByTimeAsync(5 * 60_000 - POLL_MS * 3);
    expect(FakeEventSource.opened.length).toBe(streams + 1);
    expect(latest().url).toMatch(/^\/launch\/_live\?after=\d+$/);
    latest().open();
    const polls = fetched.length;
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(fetched.length).toBe(polls);
  });

  describe('on a protected page', () => {
    let reload: ReturnType<typeof vi.fn>;
    let refusal: { status: number; message: string };

    beforeEach(() => {
      reload = vi.fn();
      vi.stubGlobal('location', { reload });
      refusal = { status: 403, message: ERROR_MESSAGES.sessionEnded };
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) => {
          fetched.push(url);
          const { status, message } = refusal;
          return Promise.resolve(
            new Response(JSON.stringify({ code: status, message }), { status }),
          );
        }),
      );
    });

    it('reloads into the gate when the stream was refused because the session ended', async () => {
      expect(SESSION_ENDED).toBe(ERROR_MESSAGES.sessionEnded);
      stop = startLive({ slug: 'launch', channel: 'hall-b', protected: true });
      latest().open();
      // The server ended the stream at its access re-check; the browser's reconnect is refused.
      latest().refuse();
      await vi.advanceTimersByTimeAsync(0);
      expect(fetched).toEqual(['/launch/_live/since?channel=hall-b']);
      expect(reload).toHaveBeenCalledOnce();
    });

    it('keeps retrying after any other refusal', async () => {
      refusal = { status: 403, message: ERROR_MESSAGES.forbidden };
      stop = startLive({ slug: 'launch', channel: '', protected: true });
      const first = latest();
      first.refuse();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(reload).not.toHaveBeenCalled();
      expect(latest()).not.toBe(first);
    });

    it('reloads when the polling fallback is refused because the session ended', async () => {
      refusal = { status: 403, message: ERROR_MESSAGES.forbidden };
      stop = startLive({ slug: 'launch', channel: '', protected: false });
      for (let attempt = 0; attempt < FAILURES_BEFORE_POLLING; attempt += 1) {
        latest().refuse();
        await vi.advanceTimersByTimeAsync(10_000);
      }
      // Polling now; nothing asked why the stream was refused on a page without a gate.
      expect(fetched.every((url) => url === '/launch/_live/since')).toBe(true);
      expect(reload).not.toHaveBeenCalled();
      refusal = { status: 403, message: ERROR_MESSAGES.sessionEnded };
      await vi.advanceTimersByTimeAsync(POLL_MS);
      expect(reload).toHaveBeenCalledOnce();
    });
  });
});
