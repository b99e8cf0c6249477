import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES } from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { conflict } from '../../lib/errors.js';

/**
 * How long an import's lock holds at most: far longer than the largest import takes (seconds),
 * short enough that an instance that died mid-import blocks the event's imports only for a while
 * (ADR 046).
 */
export const IMPORT_LOCK_MS = 10 * 60_000;

/**
 * Runs `work` holding the event's import lock (table `import_locks`, ADR 046): one import at a
 * time per event, across instances. A second one answers 409 `importRunning` at once. Taking the
 * lock is one statement: the insert, or the takeover of an expired row, returns the row only when
 * it is ours, so two instances racing for it cannot both win.
 */
export async function withImportLock<T>(
  db: Kysely<Database>,
  now: Clock,
  eventId: string,
  work: () => Promise<T>,
): Promise<T> {
  const holder = randomUUID();
  const at = now();
  const expiresAt = new Date(at.getTime() + IMPORT_LOCK_MS).toISOString();
  const taken = await db
    .insertInto('import_locks')
    .values({ event_id: eventId, holder, expires_at: expiresAt })
    .onConflict((conflicting) =>
      conflicting
        .column('event_id')
        .doUpdateSet({ holder, expires_at: expiresAt })
        .where('import_locks.expires_at', '<=', at.toISOString()),
    )
    .returning('holder')
    .executeTakeFirst();
  if (taken?.holder !== holder) throw conflict(ERROR_MESSAGES.importRunning);
  try {
    return await work();
  } finally {
    await db
      .deleteFrom('import_locks')
      .where('event_id', '=', eventId)
      .where('holder', '=', holder)
      .execute();
  }
}
