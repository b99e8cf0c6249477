import nodemailer from 'nodemailer';
import { calendarMethodOf } from '../calendar/ics.js';
import type { MailRow } from './outbox.js';

/** What the transport sends of an outbox row. */
export type OutgoingMail = Pick<
  MailRow,
  'to' | 'reply_to' | 'subject' | 'text' | 'html' | 'id' | 'unsubscribe_url' | 'calendar'
>;

export interface MailTransport {
  /** Resolves with the message id the server accepted the mail under; rejects as nodemailer does. */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

/** SMTP over nodemailer, one connection per mail (the outbox is the queue, not a pool). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // nodemailer waits minutes by default; a stuck server must not outlive the lease.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      const info = await transporter.sendMail({
        from,
        to: mail.to,
        ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mailHeaders(mail),
        ...calendarPart(mail.calendar),
      });
      return info.messageId;
    },
    close: () => transporter.close(),
  };
}

/**
 * The headers Livent adds to a mail. The outbox id makes resends after a crash recognisable as
 * one mail. Every mail is `Auto-Submitted: auto-generated` (RFC 3834): a machine sends it, so
 * vacation replies and other automatic answers stay away. A bulk mail from an organiser also
 * carries its one-click unsubscribe link (RFC 2369, RFC 8058; ADR 049).
 */
export function mailHeaders(mail: Pick<MailRow, 'id' | 'unsubscribe_url'>): Record<string, string> {
  return {
    'X-Livent-Mail-Id': mail.id,
    'Auto-Submitted': 'auto-generated',
    ...(mail.unsubscribe_url
      ? {
          'List-Unsubscribe': `<${mail.unsubscribe_url}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : {}),
  };
}

/**
 * A mail's invitation as nodemailer's `icalEvent`: an alternative `text/calendar; method=…` part
 * beside the text and HTML, which Outlook, Google Calendar and Apple Calendar show as an invitation
 * with its buttons rather than as a file (ADR 064).
 */
export function calendarPart(calendar: string | null | undefined): {
  icalEvent?: { method: string; content: string };
} {
  const method = calendar ? calendarMethodOf(calendar) : undefined;
  return calendar && method ? { icalEvent: { method, content: calendar } } : {};
}

export type SendFailure = 'permanent' | 'temporary';

/**
 * SMTP 5xx answers to the envelope or the message (`EENVELOPE`, `EMESSAGE`) say the mail will
 * never be taken: `rejected`. Everything else — no connection, timeouts, 4xx, and also 5xx to
 * the greeting or to AUTH, which mean a broken or misconfigured server rather than a bad mail —
 * may work later: `failedtemporary`.
 */
export function classifySendError(error: unknown): SendFailure {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  const permanentCode =
    typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  return permanentCode && (code === 'EENVELOPE' || code === 'EMESSAGE') ? 'permanent' : 'temporary';
}

/** A short, log-safe description of a send error (no message bodies, no credentials). */
export function describeSendError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 500);
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  const parts = [
    typeof code === 'string' ? code : undefined,
    typeof responseCode === 'number' ? String(responseCode) : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return `${parts ? `${parts}: ` : ''}${error.message}`.slice(0, 500);
}
