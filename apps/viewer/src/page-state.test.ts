import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The page's states (docs/decisions/063-event-times-and-page-states.md): a `state` frame or the
// page's own next change reloads it after a random spread, never in a loop.

const NOW = Date.parse('2026-11-22T10:00:00.000Z');
let reload: ReturnType<typeof vi.fn<() => void>>;
let stops: (() => void)[] = [];

/** The module afresh (the server clock's offset is read once per page). */
async function start(options: {
  version?: number;
  nextChange?: string;
  live?: boolean;
  random?: number;
  now?: () => number;
}) {
  vi.resetModules();
  const { setupPageState } = await import('./page-state.js');
  const stop = setupPageState({
    slug: 'launch',
    state: 'before',
    version: options.version ?? 3,
    nextChange: options.nextChange,
    live: options.live ?? true,
    reload,
    random: () => options.random ?? 0.5,
    ...(options.now ? { now: options.now } : {}),
  });
  stops.push(stop);
}

const frame = (data: unknown) =>
  document.dispatchEvent(new CustomEvent('lv:live', { detail: { kind: 'state', data } }));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  reload = vi.fn<() => void>();
  sessionStorage.clear();
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the page state', () => {
  it('reloads on a newer state frame once the server knows it, within a random spread', async () => {
    const { SERVER_FRESH_MS, RELOAD_JITTER_MS } = await import('./page-state.js');
    await start({ random: 0.5 });
    frame({ state: 'live', version: 4 });
    vi.advanceTimersByTime(SERVER_FRESH_MS + RELOAD_JITTER_MS * 0.5 - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('spreads the reloads of many viewers over 0–3 s', async () => {
    await start({ random: 0 });
    frame({ state: 'live', version: 4 });
    vi.advanceTimersByTime(5_000);
    expect(reload).toHaveBeenCalledTimes(1);
    reload.mockClear();
    // Another viewer (another page), drawn at the end of the spread.
    for (const stop of stops) stop();
    sessionStorage.clear();
    await start({ random: 0.999 });
    frame({ state: 'live', version: 4 });
    vi.advanceTimersByTime(7_990);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    expect(reload).toHaveBeenCalled();
  });

  it('ignores frames not newer than the page, and reloads for one version once', async () => {
    await start({ version: 4 });
    frame({ state: 'after', version: 4 });
    frame({ state: 'after', version: 2 });
    frame(null);
    vi.advanceTimersByTime(10_000);
    expect(reload).not.toHaveBeenCalled();

    // The reload brought a cached copy still at version 3: the same frame does not reload again.
    sessionStorage.setItem('lvnt.state.launch', '5');
    await start({ version: 3 });
    frame({ state: 'after', version: 5 });
    vi.advanceTimersByTime(10_000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads at its own next change, after the spread', async () => {
    await start({ nextChange: new Date(NOW + 60_000).toISOString(), random: 0.5, live: false });
    vi.advanceTimersByTime(60_000 + 1_499);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('waits instead of reloading again when the page it got is past its own change', async () => {
    // A copy rendered before the start, loaded after it: its change lies behind it.
    await start({ nextChange: new Date(NOW - 1_000).toISOString() });
    vi.advanceTimersByTime(60_000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('follows the server’s clock, not the viewer’s', async () => {
    // The viewer's clock is an hour behind: the server says it is 11:00 already.
    await start({
      nextChange: new Date(NOW + 3_600_000 + 10_000).toISOString(),
      random: 0,
      now: () => Date.now() + 3_600_000,
    });
    vi.advanceTimersByTime(9_999);
    expect(reload).not.toHaveBeenCalled();
    // The change, then the reload (no spread drawn here) on the next turn.
    vi.advanceTimersByTime(2);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reads the server’s time from the page’s Server-Timing', async () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      {
        responseStart: performance.now(),
        serverTiming: [{ name: 'now', description: String(NOW + 3_600_000) }],
      } as unknown as PerformanceEntry,
    ]);
    vi.resetModules();
    const { serverNow } = await import('./server-clock.js');
    expect(serverNow() - Date.now()).toBe(3_600_000);
  });

  it('uses the viewer’s clock without it', async () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([]);
    vi.resetModules();
    const { serverNow } = await import('./server-clock.js');
    expect(serverNow()).toBe(Date.now());
  });
});
