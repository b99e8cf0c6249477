import type { Language } from '@livent/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../clock.js';
import { linksIn } from '../html/linkify.js';
import { insertMail, insertMails, type NewMail } from './outbox.js';
import { renderMail, type MailTemplateName, type MailTemplates } from './templates.js';
import type { UnsubscribeLinks } from './unsubscribe.js';
import type { MailWorker } from './worker.js';

export interface MailRequest<T extends MailTemplateName> {
  userId: string | null;
  to: string;
  replyTo?: string;
  language: Language;
  template: T;
  data: MailTemplates[T];
  /** The iCalendar invitation the mail carries (ADR 064). */
  calendar?: string | null;
}

/** A mail written to the outbox; hand it to {@link Mailer.afterCommit} once the transaction committed. */
export interface QueuedMail {
  id: string;
  to: string;
  subject: string;
  template: MailTemplateName;
  text: string;
}

export interface MailerDependencies {
  now: Clock;
  log: FastifyBaseLogger;
  /** Absent without SMTP_URL: mails stay `queued` (dev mailbox, log). */
  worker: MailWorker | undefined;
  /** Only with the development tools (ADR 019): mails that cannot go out are logged with links. */
  logLinks: boolean;
  /** Signs the one-click unsubscribe links of bulk mails (ADR 049). */
  unsubscribeLinks: UnsubscribeLinks;
}

/**
 * How services send mail: `enqueue` renders the template in the recipient's language and writes
 * it to the outbox inside the caller's transaction; after the commit, `afterCommit` wakes the
 * worker (or, without SMTP, logs the mail). A mail therefore exists exactly when its cause was
 * committed, and none is lost when SMTP is down (ADR 012).
 */
export class Mailer {
  constructor(private readonly deps: MailerDependencies) {}

  get sending(): boolean {
    return this.deps.worker !== undefined;
  }

  async enqueue<T extends MailTemplateName>(
    db: Kysely<Database>,
    request: MailRequest<T>,
  ): Promise<QueuedMail> {
    const rendered = renderMail(request.template, request.language, request.data);
    const id = await insertMail(
      db,
      {
        userId: request.userId,
        to: request.to,
        replyTo: request.replyTo ?? null,
        template: request.template,
        language: request.language,
        calendar: request.calendar ?? null,
        ...rendered,
      },
      this.deps.now(),
    );
    return {
      id,
      to: request.to,
      subject: rendered.subject,
      template: request.template,
      text: rendered.text,
    };
  }

  /**
   * Many mails already rendered (see `prepareAccessMail`), written in multi-row inserts inside
   * the caller's transaction; answers their ids in order. Call {@link afterBulkCommit} after the
   * commit.
   */
  async enqueueRendered(db: Kysely<Database>, mails: readonly NewMail[]): Promise<string[]> {
    return insertMails(db, mails, this.deps.now());
  }

  /** Makes and checks the links that unsubscribe from an event's bulk mails (ADR 049). */
  get unsubscribeLinks(): UnsubscribeLinks {
    return this.deps.unsubscribeLinks;
  }

  /** The link that unsubscribes `email` from the event's bulk mails (ADR 049). */
  unsubscribeUrl(eventId: string, email: string): string {
    return this.deps.unsubscribeLinks.url(eventId, email);
  }

  /** After a bulk send committed: wakes the worker, or logs one line for the lot (no links). */
  afterBulkCommit(count: number, template: MailTemplateName): void {
    if (count === 0) return;
    if (this.deps.worker) {
      this.deps.worker.nudge();
      return;
    }
    this.deps.log.info(
      { count, template },
      'mails queued; SMTP_URL is not set, so they stay in the outbox',
    );
  }

  afterCommit(...mails: QueuedMail[]): void {
    if (mails.length === 0) return;
    if (this.deps.worker) {
      this.deps.worker.nudge();
      return;
    }
    for (const mail of mails) {
      // The links carry one-time tokens: only a developer's own server may log them (ADR 019).
      this.deps.log.info(
        {
          mailId: mail.id,
          template: mail.template,
          ...(this.deps.logLinks
            ? { to: mail.to, subject: mail.subject, links: linksIn(mail.text) }
            : {}),
        },
        'mail queued; SMTP_URL is not set, so it stays in the outbox',
      );
    }
  }

  async start(): Promise<void> {
    this.deps.worker?.start();
  }

  async stop(): Promise<void> {
    await this.deps.worker?.stop();
  }
}
