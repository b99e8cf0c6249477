import { limitOf, type EffectivePlan, type PlanConsumption } from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { planOf } from './effective-plan.js';
import { countEventsOfOwner, lockOwnerPlan } from './plans.repository.js';

/**
 * What the account uses of its plan's limits (one cheap query). Domains count nothing until
 * custom domains count against a plan.
 */
export async function planConsumptionOf(
  db: Kysely<Database>,
  userId: string,
): Promise<PlanConsumption> {
  return { events: await countEventsOfOwner(db, userId), domains: 0 };
}

/**
 * Whether the plan that applies to the owner now (after an expiry, free's) allows one more event.
 * Call it inside the transaction that adds the event: it locks the owner's row, so that parallel
 * creates and owner changes count one after another and cannot pass the limit together.
 */
export async function mayOwnAnotherEvent(
  trx: Kysely<Database>,
  ownerId: string,
  dialect: Dialect,
  now: Date,
): Promise<boolean> {
  return (await planForAnotherEvent(trx, ownerId, dialect, now)) !== null;
}

/**
 * {@link mayOwnAnotherEvent}, answering the plan that applies to the owner now when it allows
 * one more event, else null.
 */
export async function planForAnotherEvent(
  trx: Kysely<Database>,
  ownerId: string,
  dialect: Dialect,
  now: Date,
): Promise<EffectivePlan | null> {
  const plan = planOf(await lockOwnerPlan(trx, ownerId, dialect), now);
  const mayAdd = (await countEventsOfOwner(trx, ownerId)) < limitOf(plan.allowance, 'events');
  return mayAdd ? plan : null;
}
