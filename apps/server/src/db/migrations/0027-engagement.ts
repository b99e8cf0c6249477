import { PostgresAdapter, type Kysely } from 'kysely';

// Engagement on the public page (ADR 057):
// - page_log is the durable, ordered log of what open pages are told live (polls, reactions,
//   message changes, remote reload). Its `seq` is the Server-Sent Events id a reconnecting page
//   sends back as Last-Event-ID; `channel_id` null means every page of the event;
// - polls and their options (JSON) per event, for the whole event or one channel;
// - poll_votes holds one answer per viewer and poll, changeable until the poll closes; an open
//   text answer carries its moderation state;
// - reaction_counts holds the reactions per event, minute and kind, written about once a second
//   per event and instance (the aggregator adds to the minute's row).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('page_log')
    .addColumn('seq', postgres ? 'bigserial' : 'integer', (column) =>
      postgres ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('channel_id', 'text')
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('page_log_event_id_seq')
    .on('page_log')
    .columns(['event_id', 'seq'])
    .execute();
  await db.schema.createIndex('page_log_created_at').on('page_log').column('created_at').execute();

  await db.schema
    .createTable('polls')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    // A poll of a deleted channel is no longer shown anywhere until it is given a page again.
    .addColumn('channel_id', 'text')
    // single, multiple, rating, text
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('question', 'text', (column) => column.notNull())
    // JSON: [{ id, text, correct }]
    .addColumn('options', 'text', (column) => column.notNull())
    .addColumn('quiz', 'integer', (column) => column.notNull().defaultTo(0))
    // draft, live, closed
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('draft'))
    .addColumn('results_shown', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('launched_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('polls_event_id_position')
    .on('polls')
    .columns(['event_id', 'position'])
    .execute();

  await db.schema
    .createTable('poll_votes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('poll_id', 'text', (column) =>
      column.notNull().references('polls.id').onDelete('cascade'),
    )
    .addColumn('viewer_id', 'text', (column) => column.notNull())
    // JSON: the option ids chosen (choice polls), else null
    .addColumn('choices', 'text')
    .addColumn('rating', 'integer')
    .addColumn('text', 'text')
    // pending, approved, rejected (text polls only)
    .addColumn('text_status', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('poll_votes_poll_id_viewer_id')
    .on('poll_votes')
    .columns(['poll_id', 'viewer_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('reaction_counts')
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    // The minute's start, ISO text (ADR 007), as stats_minutes
    .addColumn('minute', 'text', (column) => column.notNull())
    .addColumn('reaction', 'text', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('reaction_counts_pk', ['event_id', 'minute', 'reaction'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['reaction_counts', 'poll_votes', 'polls', 'page_log']) {
    await db.schema.dropTable(table).execute();
  }
}
