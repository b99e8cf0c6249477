import type { Kysely } from 'kysely';

// The trial an account starts itself from the plan page (ADR 053): `trial_started_at` records it,
// and the start sets it only where it is still null, so a second start finds it set and is
// refused, however many requests race. Accounts that hold a trial granted before count as having
// had theirs (their creation time stands in for the unknown start).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('trial_started_at', 'text').execute();
  await db
    .updateTable('users')
    .set((eb) => ({ trial_started_at: eb.ref('created_at') }))
    .where('plan', '=', 'trial')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('trial_started_at').execute();
}
