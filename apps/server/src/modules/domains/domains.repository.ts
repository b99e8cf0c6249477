import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { CustomDomainsTable, Database } from '../../db/schema.js';
import { ENTERPRISE_PLAN_COLUMNS, type PlanColumns } from '../plans/index.js';

/** The queries of custom domains (ADR 030); every SQL of the module lives here. */

export type DomainRow = Selectable<CustomDomainsTable>;
export type DomainChanges = Updateable<CustomDomainsTable>;

const PLAN_COLUMNS = [
  'users.plan',
  'users.plan_expires',
  'users.subscription_status',
  'users.enterprise_id',
  ...ENTERPRISE_PLAN_COLUMNS,
] as const;

export function listDomains(db: Kysely<Database>, userId: string): Promise<DomainRow[]> {
  return db
    .selectFrom('custom_domains')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findDomain(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<DomainRow | undefined> {
  return db
    .selectFrom('custom_domains')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findDomainByName(
  db: Kysely<Database>,
  name: string,
): Promise<DomainRow | undefined> {
  return db.selectFrom('custom_domains').selectAll().where('name', '=', name).executeTakeFirst();
}

export function userPlan(db: Kysely<Database>, userId: string): Promise<PlanColumns | undefined> {
  return db
    .selectFrom('users')
    .select(['plan', 'plan_expires', 'subscription_status', 'enterprise_id'])
    .select(ENTERPRISE_PLAN_COLUMNS)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function countDomains(db: Kysely<Database>, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('custom_domains')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertDomain(
  db: Kysely<Database>,
  row: Insertable<CustomDomainsTable>,
): Promise<void> {
  await db.insertInto('custom_domains').values(row).execute();
}

export async function updateDomain(
  db: Kysely<Database>,
  id: string,
  changes: DomainChanges,
): Promise<void> {
  await db.updateTable('custom_domains').set(changes).where('id', '=', id).execute();
}

export async function clearDefault(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('custom_domains')
    .set({ is_default: 0 })
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .execute();
}

export async function deleteDomain(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('custom_domains').where('id', '=', id).execute();
}

/**
 * Claims up to `limit` domains whose check is due, with a lease until `lockedUntil`: one UPDATE …
 * RETURNING, whose condition PostgreSQL re-reads on a row another instance just claimed, so two
 * instances never check one row at once.
 */
export function claimDueDomains(
  db: Kysely<Database>,
  now: string,
  lockedUntil: string,
  limit: number,
): Promise<DomainRow[]> {
  return db
    .updateTable('custom_domains')
    .set({ locked_until: lockedUntil })
    .where((eb) =>
      eb.and([
        eb(
          'id',
          'in',
          eb
            .selectFrom('custom_domains')
            .select('id')
            .where('next_check_at', '<=', now)
            .where((inner) =>
              inner.or([inner('locked_until', 'is', null), inner('locked_until', '<', now)]),
            )
            .orderBy('next_check_at')
            .limit(limit),
        ),
        eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]),
      ]),
    )
    .returningAll()
    .execute();
}

/** Active domains with their owners' plan columns (the serving table's source). */
export function activeDomains(db: Kysely<Database>) {
  return db
    .selectFrom('custom_domains')
    .innerJoin('users', 'users.id', 'custom_domains.user_id')
    .select([
      'custom_domains.id',
      'custom_domains.user_id',
      'custom_domains.name',
      'custom_domains.is_default',
      'custom_domains.redirect_url',
      'custom_domains.shared',
      'custom_domains.plan_lapsed_at',
      ...PLAN_COLUMNS,
    ])
    .where('custom_domains.status', '=', 'active')
    .execute();
}

/** Every domain with its owner's plan columns, for the plan sweep. */
export function domainsWithPlans(db: Kysely<Database>) {
  return db
    .selectFrom('custom_domains')
    .innerJoin('users', 'users.id', 'custom_domains.user_id')
    .select([
      'custom_domains.id',
      'custom_domains.user_id',
      'custom_domains.status',
      'custom_domains.disabled_reason',
      'custom_domains.is_default',
      'custom_domains.activated_at',
      'custom_domains.created_at',
      'custom_domains.plan_lapsed_at',
      ...PLAN_COLUMNS,
    ])
    .orderBy('custom_domains.user_id')
    .execute();
}

/** The owner of the event with `slug` and the enterprise the owner belongs to. */
export function eventOwnerBySlug(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom('events')
    .innerJoin('users', 'users.id', 'events.owner_id')
    .select(['events.owner_id', 'users.enterprise_id'])
    .where('events.slug', '=', slug)
    .executeTakeFirst();
}
