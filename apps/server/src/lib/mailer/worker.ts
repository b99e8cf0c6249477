import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BackgroundLoop } from '../background-loop.js';
import type { Clock } from '../clock.js';
import { claimMail, findDueMailIds, recordOutcome, type MailRow } from './outbox.js';
import { classifySendError, describeSendError, type MailTransport } from './transport.js';

export interface MailWorkerOptions {
  /** How often the outbox is polled for due mails (besides the nudge after each enqueue). */
  pollIntervalMs: number;
  /** The first retry waits this long, each further one twice as long as the one before … */
  retryBaseMs: number;
  /** … but never longer than this. */
  retryMaxMs: number;
  /** After this many attempts a temporary failure becomes `failedpermanent`. */
  maxAttempts: number;
  /** How long a claimed mail stays reserved for the instance sending it. */
  leaseMs: number;
  /** Mails claimed per round. */
  batchSize: number;
}

export const DEFAULT_MAIL_WORKER_OPTIONS: MailWorkerOptions = {
  pollIntervalMs: 5_000,
  retryBaseMs: 5_000,
  retryMaxMs: 60 * 60_000,
  maxAttempts: 10,
  // Longer than the transport's timeouts together, so a lease never runs out mid-send.
  leaseMs: 2 * 60_000,
  batchSize: 20,
};

/** The wait before retry number `attempts` (1 after the first failure): base·2^(n-1), capped. */
export function retryDelayMs(
  attempts: number,
  options: Pick<MailWorkerOptions, 'retryBaseMs' | 'retryMaxMs'>,
): number {
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends the outbox (ADR 012): polls for due mails, takes a lease on each (so that
 * several instances never send one mail twice at the same time), sends it and records the
 * outcome. One round runs at a time; a nudge during a round runs another right after.
 */
export class MailWorker {
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: MailTransport,
    private readonly now: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: MailWorkerOptions,
  ) {
    this.loop = new BackgroundLoop({
      // A full batch suggests more are due: go on until a round finds fewer.
      run: async () => {
        while (!this.loop.stopping && (await this.round()) >= this.options.batchSize);
      },
      log,
      // The database may be briefly away; the next poll tries again.
      failureMessage: 'mail worker: round failed',
      intervalMs: options.pollIntervalMs,
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Looks for due mails now, e.g. right after a transaction that queued one committed. */
  nudge(): void {
    this.loop.nudge();
  }

  /** Stops polling and waits for the round in progress. */
  async stop(): Promise<void> {
    await this.loop.stop();
    this.transport.close();
  }

  /** Claims and sends the due mails; returns how many were due. */
  private async round(): Promise<number> {
    const ids = await findDueMailIds(this.db, this.now(), this.options.batchSize);
    for (const id of ids) {
      if (this.loop.stopping) break;
      const mail = await claimMail(this.db, id, this.now(), this.options.leaseMs);
      if (mail) await this.deliver(mail);
    }
    return ids.length;
  }

  private async deliver(mail: MailRow): Promise<void> {
    try {
      const messageId = await this.transport.send(mail);
      await recordOutcome(this.db, mail, { status: 'accepted', messageId }, this.now());
      this.log.info(
        { mailId: mail.id, template: mail.template, attempts: mail.attempts },
        'mail accepted',
      );
      return;
    } catch (error) {
      const reason = describeSendError(error);
      if (classifySendError(error) === 'permanent') {
        await recordOutcome(this.db, mail, { status: 'rejected', lastError: reason }, this.now());
        this.log.warn({ mailId: mail.id, template: mail.template, reason }, 'mail rejected');
        return;
      }
      if (mail.attempts >= this.options.maxAttempts) {
        await recordOutcome(
          this.db,
          mail,
          { status: 'failedpermanent', lastError: reason },
          this.now(),
        );
        this.log.error(
          { mailId: mail.id, attempts: mail.attempts, reason },
          'mail failed permanently',
        );
        return;
      }
      const nextAttemptAt = new Date(
        this.now().getTime() + retryDelayMs(mail.attempts, this.options),
      ).toISOString();
      await recordOutcome(
        this.db,
        mail,
        { status: 'failedtemporary', lastError: reason, nextAttemptAt },
        this.now(),
      );
      this.log.warn(
        { mailId: mail.id, attempts: mail.attempts, nextAttemptAt, reason },
        'mail failed, will retry',
      );
    }
  }
}
