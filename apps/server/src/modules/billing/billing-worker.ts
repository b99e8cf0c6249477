import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BackgroundLoop } from '../../lib/background-loop.js';
import { isoAfter, type Clock } from '../../lib/clock.js';
import { retryDelayMs } from '../../lib/mailer/worker.js';
import { claimWebhook, findDueWebhooks, finishWebhook } from './billing.repository.js';
import type { BillingService } from './billing.service.js';

export interface BillingWorkerOptions {
  /** How often the inbox is polled (besides the nudge after each stored webhook). */
  pollIntervalMs: number;
  /** How long a claimed webhook stays reserved for the instance applying it. */
  leaseMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** After this many failed attempts a webhook is `failed` and left for support. */
  maxAttempts: number;
  batchSize: number;
  /** How often subscriptions are reconciled with the provider; 0: never (tests call it). */
  reconcileIntervalMs: number;
}

export const DEFAULT_BILLING_WORKER_OPTIONS: BillingWorkerOptions = {
  pollIntervalMs: 10_000,
  leaseMs: 60_000,
  retryBaseMs: 5_000,
  retryMaxMs: 60 * 60_000,
  maxAttempts: 10,
  batchSize: 20,
  reconcileIntervalMs: 60 * 60_000,
};

/**
 * Applies the webhook inbox (ADR 028), in the outbox worker's manner (ADR 012): polls and is
 * nudged, takes a lease on each webhook so that several instances never apply one at once,
 * applies it and records the outcome in one transaction, retries failures with back-off.
 * It also runs the periodic reconciliation with the provider.
 */
export class BillingWorker {
  private readonly inbox: BackgroundLoop;
  private readonly reconciliation: BackgroundLoop;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly billing: BillingService,
    private readonly now: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: BillingWorkerOptions,
  ) {
    this.inbox = new BackgroundLoop({
      run: async () => {
        while (!this.inbox.stopping && (await this.round()) >= this.options.batchSize);
      },
      log,
      failureMessage: 'billing worker: round failed',
      intervalMs: options.pollIntervalMs,
    });
    this.reconciliation = new BackgroundLoop({
      run: () => this.billing.reconcile(),
      log,
      failureMessage: 'billing: reconciliation failed',
      intervalMs: options.reconcileIntervalMs,
      runOnStart: false,
    });
  }

  start(): void {
    if (!this.billing.provider) return;
    this.inbox.start();
    if (this.options.reconcileIntervalMs > 0) this.reconciliation.start();
  }

  nudge(): void {
    this.inbox.nudge();
  }

  /** Resolves when the inbox has been worked through (tests wait for the worker this way). */
  async idle(): Promise<void> {
    await this.inbox.idle();
  }

  async stop(): Promise<void> {
    await Promise.all([this.inbox.stop(), this.reconciliation.stop()]);
  }

  private async round(): Promise<number> {
    const now = this.now().toISOString();
    const due = await findDueWebhooks(this.db, now, this.options.batchSize);
    for (const key of due) {
      if (this.inbox.stopping) break;
      const row = await claimWebhook(
        this.db,
        key,
        this.now().toISOString(),
        isoAfter(this.now(), this.options.leaseMs),
      );
      if (!row) continue;
      try {
        await this.db.transaction().execute(async (trx) => {
          const outcome = await this.billing.applyWebhook(trx, row);
          await finishWebhook(trx, key, {
            status: outcome,
            processed_at: this.now().toISOString(),
            last_error: null,
          });
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const final = row.attempts >= this.options.maxAttempts;
        await finishWebhook(this.db, key, {
          status: final ? 'failed' : 'pending',
          next_attempt_at: isoAfter(this.now(), retryDelayMs(row.attempts, this.options)),
          last_error: reason.slice(0, 1000),
        });
        this.log.error(
          { err: error, eventId: row.event_id, attempts: row.attempts },
          final ? 'billing: webhook failed for good' : 'billing: webhook failed, will retry',
        );
      }
    }
    return due.length;
  }
}
