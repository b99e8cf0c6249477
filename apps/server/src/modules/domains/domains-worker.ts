import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BackgroundLoop } from '../../lib/background-loop.js';
import { isoAfter, type Clock } from '../../lib/clock.js';
import { claimDueDomains } from './domains.repository.js';
import type { DomainsService } from './domains.service.js';

export interface DomainsWorkerOptions {
  /** How often due checks are looked for; 0: never by itself (tests call `runOnce`). */
  pollIntervalMs: number;
  /** How long a claimed domain stays reserved for the instance checking it. */
  leaseMs: number;
  batchSize: number;
  /** How often the owners' plans are applied to their domains. */
  planSweepIntervalMs: number;
}

export const DEFAULT_DOMAINS_WORKER_OPTIONS: DomainsWorkerOptions = {
  pollIntervalMs: 30_000,
  leaseMs: 2 * 60_000,
  batchSize: 10,
  planSweepIntervalMs: 5 * 60_000,
};

/**
 * The periodic DNS re-checks and plan sweep of custom domains (ADR 030), in the manner of the
 * mail and billing workers: a timer, one round at a time, every due row claimed with a lease by
 * one UPDATE … RETURNING so that several instances never check the same domain at once.
 */
export class DomainsWorker {
  private readonly loop: BackgroundLoop;
  private lastSweep = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly domains: DomainsService,
    private readonly now: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: DomainsWorkerOptions,
  ) {
    this.loop = new BackgroundLoop({
      run: () => this.runOnce(),
      log,
      failureMessage: 'domains worker: round failed',
      intervalMs: options.pollIntervalMs,
    });
  }

  start(): void {
    if (this.options.pollIntervalMs <= 0) return;
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** One round: the plan sweep when it is due, then every due check. */
  async runOnce(options: { sweep?: boolean } = {}): Promise<number> {
    const nowMs = this.now().getTime();
    if (options.sweep || nowMs - this.lastSweep >= this.options.planSweepIntervalMs) {
      this.lastSweep = nowMs;
      await this.domains.applyPlans();
    }
    let checked = 0;
    for (;;) {
      const rows = await claimDueDomains(
        this.db,
        this.now().toISOString(),
        isoAfter(this.now(), this.options.leaseMs),
        this.options.batchSize,
      );
      // The checks of a batch run side by side: each mostly waits for DNS answers.
      await Promise.all(
        rows.map((row) =>
          this.domains.check(row).catch((error: unknown) => {
            this.log.error({ err: error, domain: row.name }, 'domains: check failed');
          }),
        ),
      );
      checked += rows.length;
      if (rows.length < this.options.batchSize || this.loop.stopping) return checked;
    }
  }
}
