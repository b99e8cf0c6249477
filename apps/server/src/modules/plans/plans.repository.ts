import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { ENTERPRISE_PLAN_COLUMNS, type PlanColumns } from './effective-plan.js';

/**
 * The owner's plan, read with the owner's `users` row locked until the transaction ends
 * (PostgreSQL), so that parallel creates of one account count their events (or adds, their
 * domains) one after another. SQLite needs no lock: it runs one write transaction at a time
 * (ADR 016).
 */
export async function lockOwnerPlan(
  db: Kysely<Database>,
  ownerId: string,
  dialect: Dialect,
): Promise<PlanColumns> {
  let query = db
    .selectFrom('users')
    .select(['plan', 'plan_expires', 'subscription_status', 'enterprise_id'])
    .select(ENTERPRISE_PLAN_COLUMNS)
    .where('id', '=', ownerId);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

export async function countEventsOfOwner(db: Kysely<Database>, ownerId: string): Promise<number> {
  const { count } = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(count);
}
