import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackgroundLoop, type BackgroundLoopOptions } from './background-loop.js';

/** A run the test finishes by hand, to see what happens while one is in progress. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

function loopOf(options: Partial<BackgroundLoopOptions> = {}) {
  const log = { error: vi.fn() };
  const run = vi.fn(async () => {});
  const loop = new BackgroundLoop({
    run,
    log,
    failureMessage: 'test loop: run failed',
    intervalMs: 1_000,
    ...options,
  });
  return { loop, run: options.run ? vi.mocked(options.run) : run, log };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('BackgroundLoop', () => {
  it('runs at start and then every interval while nothing nudges it', async () => {
    const { loop, run } = loopOf();
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(run).toHaveBeenCalledTimes(5);
    await loop.stop();
  });

  it('waits one interval before the first run when asked to', async () => {
    const { loop, run } = loopOf({ runOnStart: false });
    loop.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await loop.stop();
  });

  it('runs one at a time: nudges during a run coalesce into one more run', async () => {
    let current = gate();
    let active = 0;
    let most = 0;
    const run = vi.fn(async () => {
      active += 1;
      most = Math.max(most, active);
      await current.opened;
      active -= 1;
    });
    const { loop } = loopOf({ run, intervalMs: 0 });
    loop.start();
    expect(run).toHaveBeenCalledTimes(1);
    loop.nudge();
    loop.nudge();
    loop.nudge();
    const first = current;
    current = gate();
    first.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    current.open();
    await loop.idle();
    expect(run).toHaveBeenCalledTimes(2);
    expect(most).toBe(1);
    await loop.stop();
  });

  it('a nudge runs at once and the idle interval starts again after it', async () => {
    const { loop, run } = loopOf();
    loop.start();
    await vi.advanceTimersByTimeAsync(600);
    loop.nudge();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(3);
    await loop.stop();
  });

  it('ignores nudges before start and after stop; an interval of 0 only runs when nudged', async () => {
    const { loop, run } = loopOf({ intervalMs: 0 });
    loop.nudge();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).not.toHaveBeenCalled();
    loop.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    await loop.stop();
    loop.nudge();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('backs off after failures, doubling up to the cap, and resets after a success', async () => {
    let fail = true;
    const times: number[] = [];
    const run = vi.fn(async () => {
      times.push(Date.now());
      if (fail) throw new Error('database away');
    });
    const { loop, log } = loopOf({ run, intervalMs: 1_000, maxBackoffMs: 5_000 });
    const start = Date.now();
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(2_000 + 4_000 + 5_000 + 5_000);
    expect(times.map((at) => at - start)).toEqual([0, 2_000, 6_000, 11_000, 16_000]);
    expect(log.error).toHaveBeenCalledWith(
      { err: new Error('database away') },
      'test loop: run failed',
    );
    fail = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(times).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(times).toHaveLength(7);
    await loop.stop();
  });

  it('stop waits for the run in progress and no run follows', async () => {
    const current = gate();
    let finished = false;
    const run = vi.fn(async () => {
      await current.opened;
      finished = true;
    });
    const { loop } = loopOf({ run });
    loop.start();
    loop.nudge();
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    expect(loop.stopping).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    current.open();
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runNow waits for a run that starts after the call and passes its error on', async () => {
    let current = gate();
    let reads = 0;
    const run = vi.fn(async () => {
      await current.opened;
      reads += 1;
      if (reads === 3) throw new Error('read failed');
    });
    const { loop } = loopOf({ run, intervalMs: 0 });
    const first = loop.runNow();
    // Called during the first read: it must wait for a second one (and both share it).
    const second = loop.runNow();
    const third = loop.runNow();
    const opened = current;
    current = gate();
    opened.open();
    await first;
    expect(reads).toBe(1);
    current.open();
    await Promise.all([second, third]);
    expect(reads).toBe(2);
    await expect(loop.runNow()).rejects.toThrow('read failed');
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('runNow called as soon as the previous run resolved it still gets a run of its own', async () => {
    const { loop, run } = loopOf({ intervalMs: 0 });
    // The caller resumes before the finished run has let go of the loop; a call made then must
    // not be taken for a nudge during that run and be left waiting.
    await loop.runNow();
    await loop.runNow();
    await loop.runNow();
    expect(run).toHaveBeenCalledTimes(3);
  });
});
