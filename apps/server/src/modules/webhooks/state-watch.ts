import { eventTimes, pageStateAt } from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readEventSettings } from '../events/index.js';
import type { WebhookEmitter } from './webhooks.service.js';

/** A start or end this recent is told of (an instance that was down a while still tells it). */
const LOOKBACK_MS = 60 * 60_000;

/**
 * `event.state_changed` for the changes the time brings (docs/decisions/072-webhooks.md): an
 * event in the automatic state whose start or end passed within the last hour, of an owner with
 * an active endpoint. Every instance runs the pass; the emit's debounce on the boundary makes it
 * one delivery. A save that changes the state is told by the save itself.
 */
export async function tellTimedStateChanges(
  db: Kysely<Database>,
  webhooks: WebhookEmitter,
  now: Date,
): Promise<void> {
  const rows = await db
    .selectFrom('events as e')
    .innerJoin('users as u', 'u.id', 'e.owner_id')
    .select(['e.id', 'e.title', 'e.slug', 'e.settings', 'u.timezone'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('webhook_endpoints as w')
          .select('w.id')
          .whereRef('w.account_id', '=', 'e.owner_id')
          .where('w.status', '=', 'active'),
      ),
    )
    .execute();
  for (const row of rows) {
    const settings = readEventSettings(row);
    if (settings.pageState !== 'auto') continue;
    const times = eventTimes(settings, row.timezone);
    for (const boundary of [times.start, times.end]) {
      const at = boundary?.getTime();
      if (at === undefined || at > now.getTime() || at <= now.getTime() - LOOKBACK_MS) continue;
      const from = pageStateAt(settings, times, new Date(at - 1));
      const to = pageStateAt(settings, times, new Date(at));
      if (from === to) continue;
      await webhooks.emit({
        type: 'event.state_changed',
        eventId: row.id,
        data: { state: { from, to } },
        debounce: { key: new Date(at).toISOString(), windowMs: LOOKBACK_MS },
      });
    }
  }
}
