import { AUDIT_RETENTION_DAYS } from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BackgroundLoop, type LoopLog } from '../../lib/background-loop.js';
import type { Clock } from '../../lib/clock.js';
import { deleteAuditEntriesBefore } from './audit.repository.js';

const DAY_MS = 86_400_000;

/**
 * Deletes audit entries older than {@link AUDIT_RETENTION_DAYS} (docs/decisions/069-audit-log.md):
 * once when the server starts and then daily, on every instance (a delete by date is the same
 * whoever runs it).
 */
export class AuditPurge {
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly deps: { db: Kysely<Database>; now: Clock; log: LoopLog },
    intervalMs = DAY_MS,
  ) {
    this.loop = new BackgroundLoop({
      run: () => this.purge(),
      log: deps.log,
      failureMessage: 'audit log: purge failed',
      intervalMs,
    });
  }

  /** Deletes what is older than the retention; answers how many entries went. */
  purge(): Promise<number> {
    const cutoff = new Date(this.deps.now().getTime() - AUDIT_RETENTION_DAYS * DAY_MS);
    return deleteAuditEntriesBefore(this.deps.db, cutoff.toISOString());
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
