import type { Kysely } from 'kysely';

// Accounts, sessions, one-time tokens, the mail outbox, rate-limit counters and feedback.
// Timestamps are ISO-8601 text (ADR 007); flags are integers 0/1, which both dialects store and
// return alike. Rows that belong to a user go with it (`on delete cascade`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // Stored lowercased; the unique index is the last word when two sign-ups race.
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('company', 'text')
    // Null: derived from the name when answered.
    .addColumn('initials', 'text')
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('email_verified', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('pending_email', 'text')
    .addColumn('plan', 'text', (column) => column.notNull().defaultTo('free'))
    .addColumn('plan_expires', 'text')
    .addColumn('timezone', 'text', (column) => column.notNull())
    .addColumn('email_language', 'text', (column) => column.notNull())
    .addColumn('always_show_help', 'integer', (column) => column.notNull())
    .addColumn('csv_delimiter', 'text', (column) => column.notNull())
    .addColumn('newsletter', 'integer', (column) => column.notNull())
    .addColumn('whatsnew_seen', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  // A session is one sign-in (a refresh-token family); its id is the access token's `sid`.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_used_at', 'text', (column) => column.notNull())
    // Absolute lifetime: 30 days from sign-in, never extended by refreshing.
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  // Every refresh token a family has had (SHA-256 only), so that replaying any old one revokes
  // the family (RFC 9700, section 4.14.2).
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('session_id', 'text', (column) =>
      column.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('replaced_at', 'text')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_id')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  // Email verification, password reset and email change links (SHA-256 only, single use).
  await db.schema
    .createTable('tokens')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    // The address the link was sent to: the account's for verification and reset, the new one
    // for an email change.
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('tokens_user_id_kind')
    .on('tokens')
    .columns(['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('mails')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // The user the mail is about; their mails go with their account.
    .addColumn('user_id', 'text', (column) => column.references('users.id').onDelete('cascade'))
    .addColumn('to', 'text', (column) => column.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('html', 'text', (column) => column.notNull())
    .addColumn('template', 'text', (column) => column.notNull())
    .addColumn('language', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    // The lease of the instance that is sending it; others skip it until it runs out.
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('message_id', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('mails_status_next_attempt_at')
    .on('mails')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('mails_created_at').on('mails').column('created_at').execute();
  await db.schema.createIndex('mails_user_id').on('mails').column('user_id').execute();

  // Fixed-window counters shared by every instance (ADR 011).
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('window_start', 'text', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_expires_at')
    .on('rate_limits')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('feedback_user_id').on('feedback').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'feedback',
    'rate_limits',
    'mails',
    'tokens',
    'refresh_tokens',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
