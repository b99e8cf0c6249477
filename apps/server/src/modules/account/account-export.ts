import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { exportedRows, withoutColumns, type ExportedTable } from './account-data.repository.js';

/**
 * The account's JSON archive (docs/decisions/073-data-retention-and-privacy.md): every row stored
 * for the account and its events, as stored (column names and all), without secrets. Written as
 * the client reads it, a page of rows at a time, so that an account with 100,000 registrations
 * takes no more memory than one with ten.
 */

/** The account's own rows, by the archive's key. */
const ACCOUNT_TABLES: Record<string, ExportedTable> = {
  sessions: { table: 'sessions', where: 'user_id', key: 'id' },
  uploads: { table: 'uploads', where: 'owner_id', key: 'id', omit: ['data'] },
  domains: {
    table: 'custom_domains',
    where: 'user_id',
    key: 'id',
    omit: ['verification_token', 'locked_until'],
  },
  sharedWithMe: { table: 'permissions', where: 'user_id', key: 'id' },
  billingSubscriptions: { table: 'billing_subscriptions', where: 'user_id', key: 'id' },
  billingPayments: { table: 'billing_payments', where: 'user_id', key: 'id' },
  enterpriseMembers: { table: 'enterprise_members', where: 'admin_id', key: 'id' },
  feedback: { table: 'feedback', where: 'user_id', key: 'id' },
  // A mail's text may hold a link with a one-time token that still works: only its envelope.
  mails: { table: 'mails', where: 'user_id', key: 'id', omit: ['text', 'html', 'calendar'] },
  auditLog: { table: 'audit_log', where: 'account_id', key: 'id' },
  // What the account set up, never the secrets that work: a token's hash, a webhook's signing
  // keys, the authenticator's secret and the key of remembered browsers.
  apiTokens: { table: 'api_tokens', where: 'user_id', key: 'id', omit: ['token_hash'] },
  webhookEndpoints: {
    table: 'webhook_endpoints',
    where: 'account_id',
    key: 'id',
    omit: ['secret', 'previous_secret'],
  },
  twoFactor: {
    table: 'two_factor',
    where: 'user_id',
    key: 'user_id',
    omit: ['secret', 'remember_key'],
  },
};

/** Each event's rows, by the archive's key. */
const EVENT_TABLES: Record<string, ExportedTable> = {
  channels: { table: 'channels', where: 'event_id', key: 'id' },
  highlights: { table: 'highlights', where: 'event_id', key: 'id' },
  polls: { table: 'polls', where: 'event_id', key: 'id' },
  // Tokens are personal links and passwords the invitees' access: secrets of the viewers.
  registrations: { table: 'registrations', where: 'event_id', key: 'id', omit: ['token'] },
  invitations: {
    table: 'invitations',
    where: 'event_id',
    key: 'id',
    omit: ['token', 'password'],
  },
  logins: { table: 'access_logins', where: 'event_id', key: 'id' },
  messages: { table: 'messages', where: 'event_id', key: 'id' },
  attendance: { table: 'attendance', where: 'event_id', key: 'person_id' },
  accessSessions: { table: 'access_sessions', where: 'event_id', key: 'id' },
  reminderSends: {
    table: 'reminder_sends',
    where: 'event_id',
    order: ['reminder', 'person_kind', 'person_id'],
  },
  followUpSends: { table: 'follow_up_sends', where: 'event_id', key: 'event_id' },
  mailUnsubscribes: { table: 'mail_unsubscribes', where: 'event_id', key: 'email' },
  statsMinutes: { table: 'stats_minutes', where: 'event_id', order: ['minute', 'channel_key'] },
  statsHours: { table: 'stats_hours', where: 'event_id', order: ['hour', 'channel_key'] },
  reactions: {
    table: 'reaction_counts',
    where: 'event_id',
    order: ['minute', 'reaction'],
  },
  sharedWith: { table: 'permissions', where: 'event_id', key: 'id' },
  singleSignOn: { table: 'event_sso', where: 'event_id', key: 'event_id', omit: ['client_secret'] },
};

const EVENT_OMIT = ['messages_guest_token', 'messages_guest_token_replaced', 'settings'];
const POLL_VOTES: ExportedTable = { table: 'poll_votes', where: 'poll_id', key: 'id' };
const EVENTS: ExportedTable = { table: 'events', where: 'owner_id', key: 'id' };
const USER_OMIT = ['password_hash'];

export interface ArchiveSource {
  db: Kysely<Database>;
  userId: string;
  exportedAt: Date;
}

/** The archive as a stream of JSON text. */
export function accountArchive(source: ArchiveSource): Readable {
  return Readable.from(archiveText(source));
}

async function* archiveText({ db, userId, exportedAt }: ArchiveSource): AsyncGenerator<string> {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  yield `{"format":"livent-account-export","version":1,"exportedAt":${JSON.stringify(exportedAt.toISOString())}`;
  yield `,"account":${JSON.stringify(withoutColumns(user, USER_OMIT))}`;
  for (const [name, spec] of Object.entries(ACCOUNT_TABLES)) {
    yield `,${JSON.stringify(name)}:`;
    yield* jsonArray(exportedRows(db, spec, userId));
  }
  yield ',"events":[';
  let first = true;
  for await (const events of exportedRows(db, EVENTS, userId)) {
    for (const event of events) {
      yield first ? '' : ',';
      first = false;
      yield* eventText(db, event);
    }
  }
  yield ']}\n';
}

async function* eventText(db: Kysely<Database>, event: Record<string, unknown>) {
  const eventId = String(event.id);
  const settings = JSON.parse(String(event.settings)) as unknown;
  yield `{"event":${JSON.stringify({ ...withoutColumns(event, EVENT_OMIT), settings })}`;
  for (const [name, spec] of Object.entries(EVENT_TABLES)) {
    yield `,${JSON.stringify(name)}:`;
    yield* jsonArray(exportedRows(db, spec, eventId));
  }
  yield ',"pollVotes":[';
  let first = true;
  for await (const polls of exportedRows(db, EVENT_TABLES.polls!, eventId)) {
    for (const poll of polls) {
      for await (const votes of exportedRows(db, POLL_VOTES, String(poll.id))) {
        yield (first ? '' : ',') + votes.map((vote) => JSON.stringify(vote)).join(',');
        first = false;
      }
    }
  }
  yield ']}';
}

/** A JSON array of the pages' rows, one page per chunk. */
async function* jsonArray(pages: AsyncIterable<Record<string, unknown>[]>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const rows of pages) {
    yield (first ? '' : ',') + rows.map((row) => JSON.stringify(row)).join(',');
    first = false;
  }
  yield ']';
}
