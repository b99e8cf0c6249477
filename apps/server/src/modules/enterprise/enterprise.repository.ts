import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { announceChange } from '../../lib/change-notices.js';
import { authDataChanged } from '../auth/index.js';
import { likePattern } from '../../db/like-pattern.js';

export interface Paging {
  offset: number;
  limit: number;
  q: string | undefined;
}

// lower() on both sides: LIKE ignores case on SQLite but not on PostgreSQL (as the inbox).
const matching = (q: string) => likePattern(q.toLowerCase());

/** The accounts whose events the admin sees: the admin and every accepted member. */
function enterpriseAccounts(db: Kysely<Database>, adminId: string) {
  return db
    .selectFrom('enterprise_members')
    .select('member_id as id')
    .where('admin_id', '=', adminId)
    .where('member_id', 'is not', null);
}

/** One page of the events of the admin and their members, newest first: title and owner only. */
export async function enterpriseEvents(db: Kysely<Database>, adminId: string, paging: Paging) {
  let base = db
    .selectFrom('events')
    .innerJoin('users', 'users.id', 'events.owner_id')
    .where((eb) =>
      eb.or([
        eb('events.owner_id', '=', adminId),
        eb('events.owner_id', 'in', enterpriseAccounts(db, adminId)),
      ]),
    );
  if (paging.q) {
    const pattern = matching(paging.q);
    base = base.where((eb) =>
      eb.or(
        (['events.title', 'users.name', 'users.email'] as const).map(
          (column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        'events.id',
        'events.created_at',
        'events.title',
        'users.name as owner_name',
        'users.email as owner_email',
      ])
      .orderBy('events.created_at', 'desc')
      .orderBy('events.id', 'desc')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** One page of the admin's accepted members with their event counts, by name. */
export async function enterpriseMembers(db: Kysely<Database>, adminId: string, paging: Paging) {
  let base = db
    .selectFrom('enterprise_members')
    .innerJoin('users', 'users.id', 'enterprise_members.member_id')
    .where('enterprise_members.admin_id', '=', adminId);
  if (paging.q) {
    const pattern = matching(paging.q);
    base = base.where((eb) =>
      eb.or(
        (['users.name', 'users.company', 'users.email'] as const).map(
          (column) => sql<boolean>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select((eb) => [
        'users.id',
        'users.name',
        'users.company',
        'users.email',
        'enterprise_members.accepted_at',
        eb
          .selectFrom('events')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('events.owner_id', '=', 'users.id')
          .as('event_count'),
      ])
      .orderBy('users.name')
      .orderBy('users.id')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export function openInvitations(db: Kysely<Database>, adminId: string) {
  return db
    .selectFrom('enterprise_members')
    .select(['id', 'email', 'created_at'])
    .where('admin_id', '=', adminId)
    .where('member_id', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countOfAdmin(db: Kysely<Database>, adminId: string): Promise<number> {
  const row = await db
    .selectFrom('enterprise_members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('admin_id', '=', adminId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertInvitation(
  db: Kysely<Database>,
  row: { id: string; admin_id: string; email: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('enterprise_members')
    .values({ ...row, member_id: null, accepted_at: null })
    .execute();
}

/** Deletes the admin's open invitation; whether there was one. */
export async function deleteInvitation(db: Kysely<Database>, adminId: string, id: string) {
  const result = await db
    .deleteFrom('enterprise_members')
    .where('id', '=', id)
    .where('admin_id', '=', adminId)
    .where('member_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Writes `users.enterprise_id` in the transaction that changes the membership, telling the
 * session cache before and after (as `updateUser` does), so the next request sees the plan.
 */
async function setEnterpriseOf(
  trx: Kysely<Database>,
  memberId: string,
  adminId: string | null,
): Promise<void> {
  authDataChanged();
  await trx
    .updateTable('users')
    .set({ enterprise_id: adminId })
    .where('id', '=', memberId)
    .execute();
  // Sent at the transaction's commit.
  await announceChange(trx, 'auth');
}

/** Ends the membership of `memberId` (in the admin's enterprise, when given); whether it existed. */
export async function deleteMembership(
  db: Kysely<Database>,
  memberId: string,
  adminId?: string,
): Promise<boolean> {
  try {
    return await db.transaction().execute(async (trx) => {
      let query = trx.deleteFrom('enterprise_members').where('member_id', '=', memberId);
      if (adminId !== undefined) query = query.where('admin_id', '=', adminId);
      const result = await query.executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await setEnterpriseOf(trx, memberId, null);
      return true;
    });
  } finally {
    authDataChanged();
  }
}

const ADMIN_COLUMNS = ['users.name', 'users.company', 'users.email'] as const;

/** The account's membership, with its enterprise's admin. */
export function membershipOf(db: Kysely<Database>, memberId: string) {
  return db
    .selectFrom('enterprise_members')
    .innerJoin('users', 'users.id', 'enterprise_members.admin_id')
    .select([
      ...ADMIN_COLUMNS,
      'enterprise_members.accepted_at',
      // Whether the membership still counts (ADR 050).
      'users.plan',
      'users.plan_expires',
      'users.subscription_status',
    ])
    .where('enterprise_members.member_id', '=', memberId)
    .executeTakeFirst();
}

/** Open invitations addressed to `email`, with their admins. */
export function invitationsTo(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('enterprise_members')
    .innerJoin('users', 'users.id', 'enterprise_members.admin_id')
    .select([...ADMIN_COLUMNS, 'enterprise_members.id', 'enterprise_members.created_at'])
    .where('enterprise_members.email', '=', email)
    .where('enterprise_members.member_id', 'is', null)
    .orderBy('enterprise_members.created_at', 'desc')
    .execute();
}

/**
 * Accepts the open invitation `id` addressed to `email` for `memberId`; whether it was open. The
 * account's other open invitations stay (it may leave and accept another later).
 */
export async function acceptInvitation(
  db: Kysely<Database>,
  id: string,
  email: string,
  memberId: string,
  at: string,
): Promise<boolean> {
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('enterprise_members')
        .set({ member_id: memberId, accepted_at: at })
        .where('id', '=', id)
        .where('email', '=', email)
        .where('member_id', 'is', null)
        .returning('admin_id')
        .executeTakeFirst();
      if (!result) return false;
      await setEnterpriseOf(trx, memberId, result.admin_id);
      return true;
    });
  } finally {
    authDataChanged();
  }
}

/** Deletes the open invitation `id` addressed to `email`; whether there was one. */
export async function declineInvitation(db: Kysely<Database>, id: string, email: string) {
  const result = await db
    .deleteFrom('enterprise_members')
    .where('id', '=', id)
    .where('email', '=', email)
    .where('member_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
