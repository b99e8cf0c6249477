import type { FastifyBaseLogger } from 'fastify';
import { BackgroundLoop } from '../../lib/background-loop.js';
import type { RemindersService } from './reminders.service.js';

export interface ReminderSchedulerOptions {
  /** How often due reminders are looked for; 0: never by itself (tests call `runNow`). */
  intervalMs: number;
}

export const DEFAULT_REMINDER_SCHEDULER_OPTIONS: ReminderSchedulerOptions = { intervalMs: 60_000 };

/**
 * Sends due reminders once a minute on every instance (docs/decisions/065-reminders-and-follow-up.md):
 * the reminder rows' key, written with the mails, keeps two instances from sending one twice.
 */
export class ReminderScheduler {
  private readonly loop: BackgroundLoop;

  constructor(
    reminders: RemindersService,
    log: FastifyBaseLogger,
    private readonly options: ReminderSchedulerOptions,
  ) {
    this.loop = new BackgroundLoop({
      run: () => reminders.sendDue(),
      log,
      failureMessage: 'reminders: round failed',
      intervalMs: options.intervalMs,
    });
  }

  start(): void {
    if (this.options.intervalMs <= 0) return;
    this.loop.start();
  }

  /** One round now, waited for (tests, and after a change of an event's times). */
  runNow(): Promise<void> {
    return this.loop.runNow();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
