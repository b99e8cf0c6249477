/** What a loop writes when a run fails. */
export type LoopLog = { error: (fields: { err: unknown }, message: string) => void };

export interface BackgroundLoopOptions {
  /** One run of the work. A rejection is logged with `failureMessage` and backs the loop off. */
  run: () => Promise<unknown>;
  log: LoopLog;
  /** The log line of a failed run, e.g. `mail worker: round failed`. */
  failureMessage: string;
  /** The wait between runs while nothing nudges; 0: the loop runs only when nudged or asked. */
  intervalMs: number;
  /** Whether `start` runs at once (default) or first after `intervalMs`. */
  runOnStart?: boolean;
  /**
   * After failed runs the wait grows to `intervalMs`·2^failures, capped here (default: a minute,
   * or `intervalMs` if that is longer): a database that is away is not hammered, and once it is
   * back the loop finds it within the cap. A successful run resets the wait.
   */
  maxBackoffMs?: number;
}

const DEFAULT_MAX_BACKOFF_MS = 60_000;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * A single-flight background loop (docs/decisions/038-background-loops-and-the-live-hub.md): one
 * run at a time; a nudge during a run coalesces into one more run right after it; between runs
 * it waits `intervalMs` (longer after failures); `stop` ends the timer and waits for the run in
 * progress. The mail outbox, the billing inbox, the domain re-checks and the domain table's
 * refresh all run on it.
 */
export class BackgroundLoop {
  private state: 'new' | 'started' | 'stopped' = 'new';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private failures = 0;
  /** Callers of `runNow` waiting for the next run to start and finish. */
  private waiters: Waiter[] = [];
  private readonly maxBackoffMs: number;

  constructor(private readonly options: BackgroundLoopOptions) {
    this.maxBackoffMs = Math.max(
      options.intervalMs,
      options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS,
    );
  }

  /** True once `stop` was called: a long run checks it between steps to end early. */
  get stopping(): boolean {
    return this.state === 'stopped';
  }

  start(): void {
    if (this.state !== 'new') return;
    this.state = 'started';
    if (this.options.runOnStart ?? true) this.nudge();
    else this.schedule();
  }

  /** Runs soon: now, or right after the run in progress. Ignored unless started. */
  nudge(): void {
    if (this.state !== 'started') return;
    this.kick();
  }

  /**
   * Runs and waits for a run that starts after this call (whether or not the loop is started):
   * what was committed before the call is seen. Rejects with that run's error.
   */
  runNow(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.kick();
    });
  }

  /** Resolves when no run is in progress or due right after it. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops the timer, ignores nudges from now on and waits for the run in progress. */
  async stop(): Promise<void> {
    this.state = 'stopped';
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.idle();
  }

  private kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.loop().finally(() => {
      this.running = undefined;
      // A kick between the loop's last check and here (a runNow from a caller the last run
      // resolved, resuming first) found the run still in progress: it gets its run now.
      if (this.waiters.length > 0 || (this.again && this.state === 'started')) this.kick();
      else this.schedule();
    });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      const waiters = this.waiters.splice(0);
      try {
        await this.options.run();
        this.failures = 0;
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        this.failures += 1;
        this.options.log.error({ err: error }, this.options.failureMessage);
        for (const waiter of waiters) waiter.reject(error);
      }
    } while (this.again && (this.state !== 'stopped' || this.waiters.length > 0));
  }

  /** The next run after the idle interval, or after the back-off when runs failed. */
  private schedule(): void {
    if (this.state !== 'started' || this.options.intervalMs <= 0 || this.running) return;
    clearTimeout(this.timer);
    const delay = Math.min(this.maxBackoffMs, this.options.intervalMs * 2 ** this.failures);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.nudge();
    }, delay);
    this.timer.unref();
  }
}
