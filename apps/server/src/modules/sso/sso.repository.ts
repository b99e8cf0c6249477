import type { Kysely, Selectable } from 'kysely';
import type { Database, EventSsoTable } from '../../db/schema.js';
import { bumpEventVersion, type EndAccessOption } from '../events/index.js';

export type EventSsoRow = Selectable<EventSsoTable>;

export async function findEventSso(
  db: Kysely<Database>,
  eventId: string,
): Promise<EventSsoRow | undefined> {
  return db.selectFrom('event_sso').selectAll().where('event_id', '=', eventId).executeTakeFirst();
}

/**
 * Stores an event's provider and raises the event's version, so that cached pages (the gate's
 * button label) are rendered again (ADR 017); with `endAccess` its access generation too.
 */
export async function saveEventSso(
  db: Kysely<Database>,
  row: EventSsoRow,
  options: EndAccessOption = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { event_id: _eventId, ...changes } = row;
    await trx
      .insertInto('event_sso')
      .values(row)
      .onConflict((conflict) => conflict.column('event_id').doUpdateSet(changes))
      .execute();
    await bumpEventVersion(trx, row.event_id, {}, options);
  });
}
