import { linkLikeText, type AccessMailLanguage } from '@livent/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sendInBatches, type BatchSendResult } from '../../lib/mailer/access-mail-send.js';
import type { Mailer } from '../../lib/mailer/mailer.js';
import type { AccessMailTemplate } from '../../lib/mailer/templates.js';
import {
  guestsToMail,
  type GuestList,
  type GuestQuery,
  type GuestRow,
} from './reminders.repository.js';
import type { MailText } from './reminder-texts.js';

/** The registrations' and invitations' personal links, as their own mails carry them (ADR 026). */
export interface PersonalLinks {
  registrations: (slug: string, token: string) => string;
  invitations: (slug: string, token: string) => string;
  event: (slug: string) => string;
}

export interface GuestMailSend {
  db: Kysely<Database>;
  mailer: Mailer;
  links: PersonalLinks;
  event: { id: string; owner_id: string; slug: string; title: string };
  list: GuestList;
  template: AccessMailTemplate;
  language: AccessMailLanguage;
  fallback: AccessMailLanguage;
  text: MailText;
  placeholders: readonly string[];
  /** Values every recipient's mail shares besides its own (the start, the replay link). */
  shared: Record<string, string>;
  /** More conditions on the guests (no row of this reminder yet, attended or not). */
  filter: Pick<GuestQuery, 'withoutReminder' | 'attended'>;
  record: (
    trx: Transaction<Database>,
    mails: readonly { id: string; mailId: string }[],
  ) => Promise<Set<string>>;
}

/**
 * One mail to each guest of a list who speaks `language`, through the outbox in batches as the
 * list mails go (`sendInBatches`: unsubscribed addresses skipped, each mail its unsubscribe link,
 * one short transaction per batch), with the guest's personal link.
 */
export function sendToGuests(send: GuestMailSend): Promise<BatchSendResult> {
  const { db, links, event, list } = send;
  const values = (row: GuestRow): Record<string, string> => ({
    ...send.shared,
    // A name that reads as a link is left out rather than linked by the reader's mail client.
    Name: linkLikeText(row.name) ? '' : row.name,
    PersonalLink: links[list](event.slug, row.token),
    EventName: event.title,
    EventLink: links.event(event.slug),
  });
  return sendInBatches({
    db,
    mailer: send.mailer,
    eventId: event.id,
    template: send.template,
    language: send.language,
    text: send.text,
    placeholders: send.placeholders,
    // The guests' mails belong to the owner's account (ADR 031).
    userId: event.owner_id,
    nextBatch: async (after, limit) =>
      (
        await guestsToMail(db, {
          eventId: event.id,
          list,
          language: send.language,
          fallback: send.fallback,
          ...send.filter,
          after: after && { createdAt: after.createdAt, id: after.id },
          limit,
        })
      ).map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        email: row.email,
        values: values(row),
      })),
    record: send.record,
  });
}
