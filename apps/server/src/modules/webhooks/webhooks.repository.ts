import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type {
  Database,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookDeliveryStatus,
  WebhookEndpointsTable,
} from '../../db/schema.js';

/** The webhooks' SQL (ADR 072): endpoints, the deliveries' outbox and their attempts. */
export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

const DUE: WebhookDeliveryStatus[] = ['queued', 'retrying'];

export const listEndpoints = (db: Kysely<Database>, accountId: string) =>
  db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Another account's endpoint is none at all. */
export const findEndpoint = (db: Kysely<Database>, accountId: string, id: string) =>
  db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();

export async function insertEndpoint(
  db: Kysely<Database>,
  row: Insertable<WebhookEndpointsTable>,
): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function updateEndpoint(
  db: Kysely<Database>,
  id: string,
  patch: Updateable<WebhookEndpointsTable>,
): Promise<void> {
  await db.updateTable('webhook_endpoints').set(patch).where('id', '=', id).execute();
}

export async function deleteEndpoint(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

export interface NewDelivery {
  endpointId: string;
  eventType: string;
  payload: string;
}

export async function insertDeliveries(
  db: Kysely<Database>,
  deliveries: readonly NewDelivery[],
  now: Date,
): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const at = now.toISOString();
  // `msg_` ids as Standard Webhooks' examples show them; the id is the receiver's de-duplication key.
  const rows = deliveries.map((delivery) => ({
    id: `msg_${randomUUID().replaceAll('-', '')}`,
    endpoint_id: delivery.endpointId,
    event_type: delivery.eventType,
    payload: delivery.payload,
    status: 'queued' as const,
    next_attempt_at: at,
    locked_until: null,
    last_status_code: null,
    created_at: at,
  }));
  await db.insertInto('webhook_deliveries').values(rows).execute();
  return rows.map((row) => row.id);
}

/** Due deliveries of active endpoints whose lease, if any, ran out; oldest due first. */
export async function findDueDeliveryIds(
  db: Kysely<Database>,
  now: Date,
  limit: number,
): Promise<string[]> {
  const iso = now.toISOString();
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select('d.id')
    .where('e.status', '=', 'active')
    .where('d.status', 'in', DUE)
    .where('d.next_attempt_at', '<=', iso)
    .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<=', iso)]))
    .orderBy('d.next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes the lease on a due delivery and counts the attempt: a conditional update, atomic on both
 * dialects, so of several instances exactly one sends it (as the mail outbox, ADR 012).
 */
export async function claimDelivery(
  db: Kysely<Database>,
  id: string,
  now: Date,
  leaseMs: number,
): Promise<DeliveryRow | undefined> {
  const iso = now.toISOString();
  const result = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      locked_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', 'in', DUE)
    .where('next_attempt_at', '<=', iso)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', iso)]))
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return undefined;
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAttempt(
  db: Kysely<Database>,
  attempt: Omit<Insertable<WebhookAttemptsTable>, 'id'>,
): Promise<void> {
  await db
    .insertInto('webhook_attempts')
    .values({ id: randomUUID(), ...attempt })
    .execute();
}

export async function updateDelivery(
  db: Kysely<Database>,
  id: string,
  patch: Updateable<WebhookDeliveriesTable>,
): Promise<void> {
  await db.updateTable('webhook_deliveries').set(patch).where('id', '=', id).execute();
}

export const findDelivery = (db: Kysely<Database>, endpointId: string, id: string) =>
  db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();

export async function deliveriesPage(
  db: Kysely<Database>,
  endpointId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: DeliveryRow[]; total: number; attempts: AttemptRow[] }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('endpoint_id', '=', endpointId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirstOrThrow(),
  ]);
  const attempts =
    rows.length === 0
      ? []
      : await db
          .selectFrom('webhook_attempts')
          .selectAll()
          .where(
            'delivery_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('attempted_at')
          .execute();
  return { rows, total: Number(count.count), attempts };
}

/** Deletes deliveries (and with them their attempts) made before `before`. */
export async function deleteDeliveriesBefore(db: Kysely<Database>, before: Date): Promise<void> {
  const iso = before.toISOString();
  await db
    .deleteFrom('webhook_attempts')
    .where((eb) =>
      eb(
        'delivery_id',
        'in',
        eb.selectFrom('webhook_deliveries').select('id').where('created_at', '<', iso),
      ),
    )
    .execute();
  await db.deleteFrom('webhook_deliveries').where('created_at', '<', iso).execute();
  await db.deleteFrom('webhook_debounce').where('sent_at', '<', iso).execute();
}

/**
 * Whether `key` was not marked within `windowMs` before `now`, marking it now if so: one
 * conditional upsert, so two instances never both pass (ADR 072, `attendance.updated`).
 */
export async function passDebounce(
  db: Kysely<Database>,
  key: string,
  now: Date,
  windowMs: number,
): Promise<boolean> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const result = await db
    .insertInto('webhook_debounce')
    .values({ key, sent_at: at })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ sent_at: at }).where('webhook_debounce.sent_at', '<=', cutoff),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
