import { PostgresAdapter, type Kysely } from 'kysely';

// Events, their highlights and channels, and uploaded images (issue "Events and the event
// editor"). An event's settings are one JSON document in `settings` (docs/product-spec.md section 3 lists over
// sixty of them, read and written together); what is queried or must be unique has a column.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('owner_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    // The public page's address; unique across all accounts.
    .addColumn('slug', 'text', (column) => column.notNull().unique())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('settings', 'text', (column) => column.notNull())
    // Bumped by every change that alters the public page: its cache key.
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    // When the organiser last asked open viewer pages to reload (docs/product-spec.md section 4).
    .addColumn('remote_reload_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('events_owner_id_created_at')
    .on('events')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('highlights')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('group_name', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('link', 'text', (column) => column.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('highlights_event_id_position')
    .on('highlights')
    .columns(['event_id', 'position'])
    .execute();

  await db.schema
    .createTable('channels')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('event_id', 'text', (column) =>
      column.notNull().references('events.id').onDelete('cascade'),
    )
    .addColumn('slug', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('visible', 'integer', (column) => column.notNull())
    // JSON: the overridden event settings only.
    .addColumn('overrides', 'text', (column) => column.notNull())
    // JSON array of highlight ids, or null for all of the event's highlights.
    .addColumn('highlight_ids', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addUniqueConstraint('channels_event_id_slug', ['event_id', 'slug'])
    .execute();

  // Images live in the database so that server instances stay stateless (docs/architecture.md,
  // "Scale-out"); each is re-encoded and capped, so rows stay small.
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('owner_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    // The generated file name, e.g. `3f2a….jpg`.
    .addColumn('name', 'text', (column) => column.notNull().unique())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('bytes', 'integer', (column) => column.notNull())
    .addColumn('data', binary, (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('uploads_owner_id').on('uploads').column('owner_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['uploads', 'channels', 'highlights', 'events']) {
    await db.schema.dropTable(table).execute();
  }
}
