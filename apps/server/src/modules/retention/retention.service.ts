import { retentionDueAt } from '@livent/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BackgroundLoop } from '../../lib/background-loop.js';
import type { Clock } from '../../lib/clock.js';
import { SYSTEM_ACTOR, type AuditLog } from '../audit/index.js';
import { readEventSettings, updateEvent } from '../events/index.js';
import {
  applyRetention,
  claimEvent,
  eventsAfter,
  type RetentionCandidate,
  type RetentionCounts,
} from './retention.repository.js';

/** Events read per round trip: the pass never holds every event in memory. */
const PAGE_SIZE = 200;
/** An event taken by a run is not taken again for this long: the pass is daily per event. */
export const RETENTION_SPACING_MS = 20 * 60 * 60 * 1000;

export interface RetentionDependencies {
  db: Kysely<Database>;
  now: Clock;
  audit: AuditLog;
}

/**
 * The per event data retention pass (docs/decisions/073-data-retention-and-privacy.md): for each
 * event whose retention date has passed, deletes or anonymises its viewers' data and records
 * what it did in the owner's audit log. Every instance runs it; the claim in `event_retention`
 * makes one of them do an event's work.
 */
export class RetentionService {
  constructor(private readonly deps: RetentionDependencies) {}

  /** One pass over every event; answers how many events it changed. */
  async applyDue(): Promise<number> {
    let changed = 0;
    let afterId = '';
    for (;;) {
      const page = await eventsAfter(this.deps.db, afterId, PAGE_SIZE);
      for (const event of page) {
        if (await this.applyIfDue(event)) changed += 1;
      }
      const last = page.at(-1);
      if (!last || page.length < PAGE_SIZE) return changed;
      afterId = last.id;
    }
  }

  private async applyIfDue(event: RetentionCandidate): Promise<boolean> {
    const settings = readEventSettings(event);
    const now = this.deps.now();
    const due = retentionDueAt(settings, event.owner_time_zone, event.updated_at);
    if (!due || due.getTime() > now.getTime()) return false;
    const takenSince = new Date(now.getTime() - RETENTION_SPACING_MS).toISOString();
    return this.deps.db.transaction().execute(async (trx) => {
      if (!(await claimEvent(trx, event.id, now.toISOString(), takenSince))) return false;
      const counts = await applyRetention(trx, event.id, settings.retentionMode);
      if (!hasAny(counts)) return false;
      if (counts.registrations + counts.invitations > 0) {
        // Access granted to the people removed ends now (ADR 044). The event's own time of
        // change stays: it is what an event without a start date is measured from.
        await updateEvent(trx, event.id, event.updated_at, {}, { endAccess: true });
      }
      await this.deps.audit.record(
        {
          accountId: event.owner_id,
          eventId: event.id,
          actor: SYSTEM_ACTOR,
          action: 'event.retention_applied',
          details: { mode: settings.retentionMode, days: settings.retentionDays, ...counts },
        },
        trx,
      );
      return true;
    });
  }
}

function hasAny(counts: RetentionCounts): boolean {
  return Object.values(counts).some((value) => value > 0);
}

/** Every six hours: an event is taken at most once in 20 hours, so about daily per event. */
export const DEFAULT_RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * The pass on every instance, at the start and then every `intervalMs` (0: only when asked, as
 * tests do); the claim per event keeps two instances from doing one event's work twice.
 */
export function retentionLoop(
  retention: RetentionService,
  log: FastifyBaseLogger,
  intervalMs = DEFAULT_RETENTION_INTERVAL_MS,
): BackgroundLoop {
  return new BackgroundLoop({
    run: () => retention.applyDue(),
    log,
    failureMessage: 'retention: pass failed',
    intervalMs,
    runOnStart: intervalMs > 0,
  });
}
