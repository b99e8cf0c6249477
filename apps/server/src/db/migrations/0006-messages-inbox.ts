import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The inbox, moderated Q&A, guest moderators and live updates (docs/product-spec.md sections 2,
// 3, 4 and 6; ADR 025).
// - messages gain a moderation state, a public or private answer, votes, a pin, the viewer id
//   that lets a sender see their own questions, and an idempotency key (one row per double
//   submit);
// - message_history records every step (who, when), so that each step can be undone;
// - message_votes holds one vote per viewer and question;
// - message_log is the durable, ordered log that live updates carry: its `seq` is the
//   Server-Sent Events id, so a client reconnecting with Last-Event-ID misses nothing;
// - events gain the messages guest-access token (and a hash of the one it replaced, to tell
//   "Token expired" from "Token not found").
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  const addColumns: [string, 'text' | 'integer', boolean, unknown][] = [
    // new, approved, answered, declined, archived
    ['status', 'text', true, 'new'],
    ['answer_public', 'integer', true, 0],
    ['answered_at', 'text', false, undefined],
    // The name of who answered (an organiser or "Guest").
    ['answered_by', 'text', false, undefined],
    // The viewer cookie id of the sender (viewer messages only).
    ['viewer_id', 'text', false, undefined],
    ['idempotency_key', 'text', false, undefined],
    // The organiser who wrote an internal message.
    ['author_user_id', 'text', false, undefined],
    ['votes', 'integer', true, 0],
    // Set on the one pinned question of the event.
    ['pinned_at', 'text', false, undefined],
    ['updated_at', 'text', false, undefined],
  ];
  for (const [name, type, notNull, value] of addColumns) {
    await db.schema
      .alterTable('messages')
      .addColumn(name, type, (column) => (notNull ? column.notNull().defaultTo(value) : column))
      .execute();
  }
  await sql`update messages set updated_at = created_at`.execute(db);
  // Several NULL keys are allowed on both dialects: only keyed submits are deduplicated.
  await db.schema
    .createIndex('messages_event_id_idempotency_key')
    .on('messages')
    .columns(['event_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('messages_event_id_viewer_id')
    .on('messages')
    .columns(['event_id', 'viewer_id'])
    .execute();

  await db.schema
    .createTable('message_history')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('message_id', 'text', (column) =>
      column.notNull().references('messages.id').onDelete('cascade'),
    )
    // status, answer, answer-visibility, pin, unpin, read, unread
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    // user or guest
    .addColumn('actor_kind', 'text', (column) => column.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('message_history_message_id_created_at')
    .on('message_history')
    .columns(['message_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('message_votes')
    .addColumn('message_id', 'text', (column) =>
      column.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('viewer_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('message_votes_pk', ['message_id', 'viewer_id'])
    .execute();

  await db.schema
    .createTable('message_log')
    .addColumn('seq', postgres ? 'bigserial' : 'integer', (column) =>
      postgres ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    // No foreign key: a deleted message's entry must outlive it.
    .addColumn('message_id', 'text', (column) => column.notNull())
    // created, changed, deleted
    .addColumn('change', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('message_log_event_id_seq')
    .on('message_log')
    .columns(['event_id', 'seq'])
    .execute();

  await db.schema.alterTable('events').addColumn('messages_guest_token', 'text').execute();
  await db.schema.alterTable('events').addColumn('messages_guest_token_replaced', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('messages_guest_token_replaced').execute();
  await db.schema.alterTable('events').dropColumn('messages_guest_token').execute();
  await db.schema.dropTable('message_log').execute();
  await db.schema.dropTable('message_votes').execute();
  await db.schema.dropTable('message_history').execute();
  await db.schema.dropIndex('messages_event_id_viewer_id').execute();
  await db.schema.dropIndex('messages_event_id_idempotency_key').execute();
  for (const name of [
    'updated_at',
    'pinned_at',
    'votes',
    'author_user_id',
    'idempotency_key',
    'viewer_id',
    'answered_by',
    'answered_at',
    'answer_public',
    'status',
  ]) {
    await db.schema.alterTable('messages').dropColumn(name).execute();
  }
}
