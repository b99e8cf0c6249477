import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRY_AFTER_FAILURE_MS, useEventStream, type StreamInit } from './use-event-stream';

/** A stream answer the test writes events into. */
function stream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const response = new Response(
    new ReadableStream<Uint8Array>({
      start: (started) => {
        controller = started;
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
  return {
    response,
    send: (name: string, data: string) =>
      controller?.enqueue(encoder.encode(`event: ${name}\ndata: ${data}\n\n`)),
  };
}

afterEach(() => vi.useRealTimers());

describe('useEventStream', () => {
  it('hands each named event to its handler and reports the open stream', async () => {
    const live = stream();
    const open = vi.fn(async (_init: StreamInit) => live.response);
    const viewers = vi.fn();
    const { result, unmount } = renderHook(() =>
      useEventStream({ url: '/api/test/live', open, on: { viewers } }),
    );
    expect(result.current).toBe('connecting');
    await waitFor(() => expect(result.current).toBe('open'));
    expect(open.mock.calls[0]![0].headers).toMatchObject({ Accept: 'text/event-stream' });
    live.send('viewers', '{"n":3}');
    live.send('other', 'ignored');
    await waitFor(() => expect(viewers).toHaveBeenCalledWith('{"n":3}'));
    expect(viewers).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('tries again later after a refused connection, and says it resumed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const live = stream();
    const open = vi
      .fn<(init: StreamInit) => Promise<Response>>()
      .mockResolvedValueOnce(new Response(null, { status: 503 }))
      .mockResolvedValueOnce(live.response);
    const onResume = vi.fn();
    const { result, unmount } = renderHook(() =>
      useEventStream({ url: '/api/test/live', open, on: { viewers: vi.fn() }, onResume }),
    );
    await waitFor(() => expect(result.current).toBe('retrying'));
    expect(onResume).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RETRY_AFTER_FAILURE_MS);
    });
    await waitFor(() => expect(result.current).toBe('open'));
    expect(open).toHaveBeenCalledTimes(2);
    expect(onResume).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('opens nothing while disabled', () => {
    const open = vi.fn();
    renderHook(() => useEventStream({ url: '/x', open, on: {}, enabled: false }));
    expect(open).not.toHaveBeenCalled();
  });
});
