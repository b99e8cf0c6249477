import { setImmediate } from 'node:timers/promises';
import {
  ERROR_MESSAGES,
  hasFeature,
  type AccessMailLanguage,
  type MailSendMode,
  type PlanAllowance,
} from '@livent/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forbidden } from '../errors.js';
import type { AbuseLimits } from '../abuse-limits.js';
import type { RateLimiter } from '../rate-limiter.js';
import type { Mailer } from './mailer.js';
import { deleteMails } from './outbox.js';
import { prepareAccessMail, type AccessMailTemplate } from './templates.js';
import { normaliseAddress, unsubscribedAmong } from './unsubscribe.js';

/**
 * Sending the organiser's invitation and registration mails (ADR 026, "Invitation and
 * registration emails"): what both lists share — the plan check, the limits, the language, and
 * the send in batches through the outbox.
 */

/**
 * Recipients read and mails queued per transaction. Each mail row carries its rendered HTML, and
 * better-sqlite3 answers synchronously: 500 per insert held the event loop for up to 200 ms, 100
 * keep a 100,000-guest send's page p99 near 30 ms at about the same total time (ADR 068).
 */
export const ACCESS_MAIL_BATCH = 100;

/** The links among the placeholders: the mail makes them links. */
export const LINK_PLACEHOLDERS = ['PersonalLink', 'EventLink'] as const;

/** The mails and defaults go in German for a German event, else in English. */
export const accessMailLanguage = (eventLanguage: string): AccessMailLanguage =>
  eventLanguage === 'de' ? 'de' : 'en';

/**
 * Sending needs INVITATION_EMAILS in the owner's effective plan (ADR 028: a lapsed plan is the
 * free one): 403 like every plan check (ADR 015).
 */
export function requireMailFeature(allowance: PlanAllowance | undefined): void {
  if (!hasFeature(allowance, 'INVITATION_EMAILS')) {
    throw forbidden(ERROR_MESSAGES.featureNotAvailable);
  }
}

/**
 * Counts a send against its limit (429 with Retry-After past it): a send to a list per event and
 * list, a test mail per account.
 */
export async function limitSend(
  limiter: RateLimiter,
  limits: AbuseLimits,
  send: { list: AccessMailTemplate; mode: MailSendMode; eventId: string; userId: string },
): Promise<void> {
  await (send.mode === 'test'
    ? limiter.consume([limits.accessMailTestPerAccount, send.userId])
    : limiter.consume([limits.accessMailSendPerEvent, `${send.list}:${send.eventId}`]));
}

export interface AccessMailRecipient {
  /** The invitation's or registration's id. */
  id: string;
  /** With the id, where the next batch starts (the lists' index on event, created_at and id). */
  createdAt: string;
  email: string;
  values: Record<string, string>;
}

export interface BatchSend {
  db: Kysely<Database>;
  mailer: Mailer;
  /** The event whose list it is: its unsubscribed addresses are skipped (ADR 049). */
  eventId: string;
  template: AccessMailTemplate;
  language: AccessMailLanguage;
  /** The organiser's subject and body (empty: the defaults). */
  text: { subject: string; body: string };
  placeholders: readonly string[];
  /** The account the mails belong to: they go when it is deleted. */
  userId: string;
  /** The next recipients after `after` in (created_at, id) order. */
  nextBatch: (
    after: AccessMailRecipient | undefined,
    limit: number,
  ) => Promise<AccessMailRecipient[]>;
  /**
   * Records each recipient's new mail in the transaction; answers the ids it recorded (a
   * recipient deleted meanwhile, or mailed by a concurrent send of the unsent ones, is not).
   */
  record: (
    trx: Transaction<Database>,
    mails: readonly { id: string; mailId: string }[],
  ) => Promise<Set<string>>;
  /** Each recipient's calendar invitation (ADR 064), when the mails carry one. */
  calendar?: (recipient: AccessMailRecipient) => string | null;
}

/** What a send to a list did: mails queued, and recipients skipped as unsubscribed (ADR 049). */
export interface BatchSendResult {
  queued: number;
  skipped: number;
}

/**
 * Queues one mail per recipient, batch by batch: each batch's mails and the recipients' mail ids
 * in one transaction, so that a mail exists exactly when its recipient points at it; mails a
 * recipient no longer takes are taken back in the same transaction. Batches keep every
 * transaction short (other writers wait on SQLite) and the memory flat; a failure midway keeps
 * the batches before it, which a send of the unsent ones then completes. Recipients who
 * unsubscribed from the event's mails get none; each mail carries its own unsubscribe link.
 */
export async function sendInBatches(send: BatchSend): Promise<BatchSendResult> {
  const fill = prepareAccessMail(
    send.template,
    send.language,
    send.text,
    send.placeholders,
    LINK_PLACEHOLDERS,
  );
  let queued = 0;
  let skipped = 0;
  let after: AccessMailRecipient | undefined;
  for (;;) {
    const batch = await send.nextBatch(after, ACCESS_MAIL_BATCH);
    if (batch.length === 0) break;
    after = batch.at(-1);
    const unsubscribed = await unsubscribedAmong(
      send.db,
      send.eventId,
      batch.map((recipient) => recipient.email),
    );
    const recipients = batch.filter(
      (recipient) => !unsubscribed.has(normaliseAddress(recipient.email)),
    );
    skipped += batch.length - recipients.length;
    const mails = recipients.map((recipient) => ({
      userId: send.userId,
      to: recipient.email,
      template: send.template,
      language: send.language,
      unsubscribeUrl: send.mailer.unsubscribeUrl(send.eventId, recipient.email),
      calendar: send.calendar?.(recipient) ?? null,
      ...fill(recipient.values),
    }));
    queued += await send.db.transaction().execute(async (trx) => {
      const ids = await send.mailer.enqueueRendered(trx, mails);
      const pairs = recipients.map((recipient, index) => ({
        id: recipient.id,
        mailId: ids[index] ?? '',
      }));
      const recorded = await send.record(trx, pairs);
      const unused = pairs.filter((pair) => !recorded.has(pair.id)).map((pair) => pair.mailId);
      await deleteMails(trx, unused);
      return recorded.size;
    });
    if (batch.length < ACCESS_MAIL_BATCH) break;
    // Lets the requests that arrived meanwhile run: better-sqlite3 answers synchronously, so a
    // send awaiting only its queries would hold the event loop until its last batch.
    await setImmediate();
  }
  send.mailer.afterBulkCommit(queued, send.template);
  return { queued, skipped };
}

/**
 * Points a list's guests (invitations or registrations) at their new mails in one UPDATE … FROM
 * (VALUES …), as the import does; with `unsentOnly` only those still without a mail, so that of
 * two sends of the unsent ones at once each guest takes one mail. Answers the ids updated. With
 * `language`, the guests record the mail's language too (their reminders speak it, ADR 065).
 */
export async function recordListMails(
  db: Kysely<Database>,
  list: 'invitations' | 'registrations',
  eventId: string,
  mails: readonly { id: string; mailId: string }[],
  unsentOnly: boolean,
  language?: AccessMailLanguage,
): Promise<Set<string>> {
  if (mails.length === 0) return new Set();
  const table = sql.table(list);
  const column = (name: string) => sql.ref(`${list}.${name}`);
  const values = sql.join(mails.map((mail) => sql`(${mail.id}, ${mail.mailId})`));
  const setLanguage = language ? sql`, language = ${language}` : sql``;
  const result = await sql<{ id: string }>`update ${table} set mail_id = v.column2 ${setLanguage}
    from (values ${values}) as v
    where ${column('id')} = v.column1 and ${column('event_id')} = ${eventId}
    ${unsentOnly ? sql`and ${column('mail_id')} is null` : sql``}
    returning ${column('id')}`.execute(db);
  return new Set(result.rows.map((row) => row.id));
}
