import type { Kysely } from 'kysely';

// The event's access generation (ADR 044): raised when the access mode, the code or the single
// sign-on provider changes, and part of every viewer's access cookie, so that access granted
// under an old setting ends, also when a mode is switched away and back. Existing events start
// at 0, whose cookies are the ones issued before (ADR 026), so nobody is signed out by the
// upgrade.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('access_generation', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('access_generation').execute();
}
