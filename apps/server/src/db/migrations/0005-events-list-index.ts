import type { Kysely } from 'kysely';

// The events list orders by (created_at desc, id desc) for one owner. With id outside the index,
// SQLite sorted every answer in a temporary b-tree for the tie-breaker, about half of that
// query's time on every dashboard page (ADR 020, second pass). The wider index serves every
// query the old one did, so it replaces it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('events_owner_id_created_at_id')
    .on('events')
    .columns(['owner_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('events_owner_id_created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('events_owner_id_created_at')
    .on('events')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('events_owner_id_created_at_id').execute();
}
