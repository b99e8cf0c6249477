import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, MailStatus, MailsTable } from '../../db/schema.js';

export type MailRow = Selectable<MailsTable>;

export interface NewMail {
  /** The account the mail is about; the mail goes when the account is deleted. */
  userId: string | null;
  to: string;
  replyTo?: string | null;
  template: string;
  language: string;
  subject: string;
  text: string;
  html: string;
  /** A bulk mail's one-click unsubscribe link (ADR 049). */
  unsubscribeUrl?: string | null;
  /** The iCalendar text the mail carries as its invitation (ADR 064). */
  calendar?: string | null;
}

/** Statuses the worker picks up when they are due. */
const DUE_STATUSES: MailStatus[] = ['queued', 'failedtemporary'];

/**
 * The outbox's SQL (table `mails`). `insertMail` takes the caller's transaction, so a mail exists
 * exactly when the change that causes it was committed (ADR 012).
 */
export async function insertMail(db: Kysely<Database>, mail: NewMail, now: Date): Promise<string> {
  const id = randomUUID();
  const createdAt = now.toISOString();
  await db
    .insertInto('mails')
    .values({
      id,
      user_id: mail.userId,
      to: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      template: mail.template,
      language: mail.language,
      status: 'queued',
      next_attempt_at: createdAt,
      locked_until: null,
      last_error: null,
      message_id: null,
      created_at: createdAt,
      sent_at: null,
      unsubscribe_url: mail.unsubscribeUrl ?? null,
      calendar: mail.calendar ?? null,
    })
    .execute();
  return id;
}

/**
 * Rows per multi-row insert: 18 columns each stay under SQLite's 32,766 and PostgreSQL's 65,535
 * parameters.
 */
export const INSERT_MAILS_CHUNK = 500;

/**
 * Many mails in multi-row inserts (a send to every invitation of an event), in the caller's
 * transaction; answers their ids in the order given.
 */
export async function insertMails(
  db: Kysely<Database>,
  mails: readonly NewMail[],
  now: Date,
): Promise<string[]> {
  const createdAt = now.toISOString();
  const rows = mails.map((mail) => ({
    id: randomUUID(),
    user_id: mail.userId,
    to: mail.to,
    reply_to: mail.replyTo ?? null,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    template: mail.template,
    language: mail.language,
    status: 'queued' as const,
    next_attempt_at: createdAt,
    locked_until: null,
    last_error: null,
    message_id: null,
    created_at: createdAt,
    sent_at: null,
    unsubscribe_url: mail.unsubscribeUrl ?? null,
    calendar: mail.calendar ?? null,
  }));
  for (let start = 0; start < rows.length; start += INSERT_MAILS_CHUNK) {
    await db
      .insertInto('mails')
      .values(rows.slice(start, start + INSERT_MAILS_CHUNK))
      .execute();
  }
  return rows.map((row) => row.id);
}

/** Takes back mails not yet sent (queued in a transaction that found them not needed). */
export async function deleteMails(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += INSERT_MAILS_CHUNK) {
    await db
      .deleteFrom('mails')
      .where('id', 'in', ids.slice(start, start + INSERT_MAILS_CHUNK))
      .execute();
  }
}

/** Ids of mails due for a (re)try whose lease, if any, has run out; oldest due first. */
export async function findDueMailIds(
  db: Kysely<Database>,
  now: Date,
  limit: number,
): Promise<string[]> {
  const iso = now.toISOString();
  const rows = await db
    .selectFrom('mails')
    .select('id')
    .where('status', 'in', DUE_STATUSES)
    .where('next_attempt_at', '<=', iso)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', iso)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes the lease on one due mail and counts the attempt. The conditional update is atomic on
 * both dialects, so of several instances exactly one gets the mail; the others get `undefined`.
 */
export async function claimMail(
  db: Kysely<Database>,
  id: string,
  now: Date,
  leaseMs: number,
): Promise<MailRow | undefined> {
  const iso = now.toISOString();
  const result = await db
    .updateTable('mails')
    .set((eb) => ({
      locked_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', 'in', DUE_STATUSES)
    .where('next_attempt_at', '<=', iso)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', iso)]))
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return undefined;
  return db.selectFrom('mails').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Links in mails carry one-time tokens; once a mail has left (or never will), they are of no
 * further use in the outbox and are blanked (docs/architecture.md: tokens stored hashed where they need
 * not be shown again).
 */
export const scrubTokens = (body: string): string =>
  body.replace(/([?&]token=)[A-Za-z0-9_-]+/g, '$1***');

export interface MailOutcome {
  status: Exclude<MailStatus, 'queued'>;
  messageId?: string;
  lastError?: string | null;
  /** For `failedtemporary`: when to try again. */
  nextAttemptAt?: string;
}

export async function recordOutcome(
  db: Kysely<Database>,
  mail: Pick<MailRow, 'id' | 'text' | 'html'>,
  outcome: MailOutcome,
  now: Date,
): Promise<void> {
  const final = outcome.status !== 'failedtemporary';
  await db
    .updateTable('mails')
    .set({
      status: outcome.status,
      locked_until: null,
      last_error: outcome.lastError ?? null,
      ...(outcome.messageId ? { message_id: outcome.messageId } : {}),
      ...(outcome.status === 'accepted' ? { sent_at: now.toISOString() } : {}),
      ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
      ...(final ? { text: scrubTokens(mail.text), html: scrubTokens(mail.html) } : {}),
    })
    .where('id', '=', mail.id)
    .execute();
}

export interface MailListFilter {
  /** Only mails to this address (case-insensitive). */
  to?: string;
  limit: number;
}

/** The newest mails first (dev mailbox). */
export async function listMails(db: Kysely<Database>, filter: MailListFilter): Promise<MailRow[]> {
  let query = db.selectFrom('mails').selectAll();
  if (filter.to) query = query.where('to', '=', filter.to.toLowerCase());
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}
