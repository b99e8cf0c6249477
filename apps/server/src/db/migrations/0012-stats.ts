import type { Kysely } from 'kysely';

// Live statistics (ADR 027). Times are ISO text (ADR 007): a minute or hour bucket is the ISO
// instant of its start. `channel_key` is the channel's id, or '' for the event's main page (a
// key column cannot be null: two nulls never conflict). Everything goes with the event.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Closed minutes: pageviews and first visits of the day are added by every flush; viewers and
  // playing are added once the minute's presence keys are compacted.
  await db.schema
    .createTable('stats_minutes')
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('minute', 'text', (column) => column.notNull())
    .addColumn('channel_key', 'text', (column) => column.notNull())
    .addColumn('pageviews', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('uniques', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('viewers', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('playing', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_minutes_pk', ['event_id', 'minute', 'channel_key'])
    .execute();
  // The retention job walks minutes by age across events.
  await db.schema
    .createIndex('stats_minutes_minute_idx')
    .on('stats_minutes')
    .column('minute')
    .execute();

  // Minutes older than the minute retention, rolled up: sums, and the highest minute as peak.
  await db.schema
    .createTable('stats_hours')
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('hour', 'text', (column) => column.notNull())
    .addColumn('channel_key', 'text', (column) => column.notNull())
    .addColumn('pageviews', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('uniques', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('viewers', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('playing', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_hours_pk', ['event_id', 'hour', 'channel_key'])
    .execute();

  // One key per page view (the script's random per-load id) and minute it was seen in, so that
  // heartbeats landing on several instances count once; compacted into stats_minutes when the
  // minute is closed. `seen_at` is the latest heartbeat (viewers now).
  await db.schema
    .createTable('stats_presence')
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('minute', 'text', (column) => column.notNull())
    .addColumn('channel_key', 'text', (column) => column.notNull())
    .addColumn('view_id', 'text', (column) => column.notNull())
    .addColumn('playing', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('seen_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('stats_presence_pk', ['event_id', 'minute', 'channel_key', 'view_id'])
    .execute();
  await db.schema
    .createIndex('stats_presence_minute_idx')
    .on('stats_presence')
    .column('minute')
    .execute();

  // Today's viewers of an event as salted hashes (never an address): the first insert of a hash
  // is a first visit of the day. Yesterday's are deleted with yesterday's salt.
  await db.schema
    .createTable('stats_visitors')
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('hash', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('stats_visitors_pk', ['event_id', 'day', 'hash'])
    .execute();
  await db.schema
    .createIndex('stats_visitors_day_idx')
    .on('stats_visitors')
    .column('day')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['stats_visitors', 'stats_presence', 'stats_hours', 'stats_minutes']) {
    await db.schema.dropTable(table).execute();
  }
}
