import { sql, type Kysely } from 'kysely';

// The owner's plan when the event was last saved, or when the owner last created an event
// (ADR 054): the public page keeps that plan's features after the plan lapses, until the next
// save or new event. Existing events take their owner's stored plan, so that an upgrade takes
// nothing away from a page that nobody has touched since a lapse.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('saved_plan', 'text').execute();
  await sql`update events set saved_plan =
    (select users.plan from users where users.id = events.owner_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('saved_plan').execute();
}
