import type { MailSendResult, TimeChangeNotice } from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import type { Clock } from '../../lib/clock.js';
import {
  limitSend,
  requireMailFeature,
  sendInBatches,
  ACCESS_MAIL_BATCH,
  type AccessMailRecipient,
} from '../../lib/mailer/access-mail-send.js';
import type { Mailer } from '../../lib/mailer/mailer.js';
import type { NewMail } from '../../lib/mailer/outbox.js';
import { prepareAccessMail } from '../../lib/mailer/templates.js';
import { normaliseAddress, unsubscribedAmong } from '../../lib/mailer/unsubscribe.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AuthContext } from '../auth/index.js';
import { markCalendarNotified, requireEventRole } from '../events/index.js';
import { ownerPlanOf } from '../plans/index.js';
import {
  calendarRecipients,
  countCalendarRecipients,
  type CalendarList,
  type CalendarRecipientRow,
} from './calendar.repository.js';
import type { CalendarRecipient, EventCalendar, EventCalendars } from './event-calendar.js';

/** The time-change notice's placeholders (its default text; ADR 064). */
const TIME_CHANGE_PLACEHOLDERS = ['Name', 'EventName', 'NewTime', 'PersonalLink', 'EventLink'];
const CANCEL_PLACEHOLDERS = ['Name', 'EventName'];
const LINK_PLACEHOLDERS = ['PersonalLink', 'EventLink'];

/**
 * Who is told of a new time or a cancellation: every registrant (each saw the time on the page)
 * and every invitee who was sent the invitation (the others do not know of the event yet); a
 * cancellation only to those who were sent a mail, since only they hold a calendar entry.
 */
const NOTICE_LISTS: readonly { list: CalendarList; mailedOnly: boolean }[] = [
  { list: 'registrations', mailedOnly: false },
  { list: 'invitations', mailedOnly: true },
];

export interface CalendarNoticesDependencies {
  db: Kysely<Database>;
  now: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: AbuseLimits;
  calendars: EventCalendars;
  /** The registrations' and invitations' own personal links (their services build them). */
  personalLinks: Record<CalendarList, (slug: string, token: string) => string>;
}

/**
 * What the lists hear of the event's time (ADR 064): the organiser's notice of a new time
 * (`REQUEST` with the raised SEQUENCE) and the cancellation when the event is deleted.
 */
export class CalendarNotices {
  constructor(private readonly deps: CalendarNoticesDependencies) {}

  /** Whether the time moved since the lists were last told, and how many would be told. */
  async status(auth: AuthContext, eventId: string): Promise<TimeChangeNotice> {
    const { db, calendars } = this.deps;
    const event = await requireEventRole(db, auth, eventId);
    const calendar = await calendars.load(db, event.id);
    let recipients = 0;
    for (const { list, mailedOnly } of NOTICE_LISTS) {
      recipients += await countCalendarRecipients(db, list, event.id, mailedOnly);
    }
    return {
      pending: calendar !== undefined && calendar.sequence !== calendar.notifiedSequence,
      recipients,
    };
  }

  /**
   * Mails the new time with the updated invitation to every registrant and mailed invitee who did
   * not unsubscribe, in batches through the outbox, as the lists' sends do (same plan check and
   * limit). Without a date as the start there is no time to tell of: nothing is queued.
   */
  async notify(auth: AuthContext, eventId: string): Promise<MailSendResult> {
    const { db, mailer, calendars, limiter, limits, now } = this.deps;
    const event = await requireEventRole(db, auth, eventId);
    requireMailFeature(ownerPlanOf(event, now()).allowance);
    await limitSend(limiter, limits, {
      list: 'time-change',
      mode: 'all',
      eventId: event.id,
      userId: auth.user.id,
    });
    const calendar = await calendars.load(db, event.id);
    if (!calendar) return { queued: 0, skipped: 0 };
    const newTime = calendars.timeText(calendar);
    const eventLink = calendars.pageUrl(calendar);
    const result = { queued: 0, skipped: 0 };
    for (const { list, mailedOnly } of NOTICE_LISTS) {
      const sent = await sendInBatches({
        db,
        mailer,
        eventId: event.id,
        template: 'time-change',
        language: calendar.language,
        text: { subject: '', body: '' },
        placeholders: TIME_CHANGE_PLACEHOLDERS,
        userId: event.owner_id,
        nextBatch: async (after, limit) =>
          (await calendarRecipients(db, list, event.id, { after, limit, mailedOnly })).map(
            (row): AccessMailRecipient => ({
              id: row.id,
              createdAt: row.created_at,
              email: row.email,
              values: {
                Name: row.name,
                EventName: calendar.title,
                NewTime: newTime,
                PersonalLink: this.deps.personalLinks[list](calendar.slug, row.token),
                EventLink: eventLink,
              },
            }),
          ),
        // Nothing on the list points at a notice.
        record: async (_trx, mails) => new Set(mails.map((mail) => mail.id)),
        calendar: calendars.invitationOf(calendar, list, 'REQUEST'),
      });
      result.queued += sent.queued;
      result.skipped += sent.skipped;
    }
    await markCalendarNotified(db, event.id, calendar.sequence);
    return result;
  }

  /**
   * In the deletion's transaction (the event still there): a cancellation to everyone who was
   * mailed an invitation, except who unsubscribed from the event's mails; answers how many were
   * queued. The mails belong to the owner's account, so that its deletion takes them too.
   */
  async queueCancellations(trx: Kysely<Database>, eventId: string): Promise<number> {
    const calendar = await this.deps.calendars.load(trx, eventId);
    if (!calendar) return 0;
    const fill = prepareAccessMail(
      'event-cancelled',
      calendar.language,
      { subject: '', body: '' },
      CANCEL_PLACEHOLDERS,
      LINK_PLACEHOLDERS,
    );
    let queued = 0;
    for (const { list } of NOTICE_LISTS) {
      let after: { createdAt: string; id: string } | undefined;
      for (;;) {
        const rows = await calendarRecipients(trx, list, eventId, {
          after,
          limit: ACCESS_MAIL_BATCH,
          mailedOnly: true,
        });
        if (rows.length === 0) break;
        const last = rows[rows.length - 1];
        after = last && { createdAt: last.created_at, id: last.id };
        const unsubscribed = await unsubscribedAmong(
          trx,
          eventId,
          rows.map((row) => row.email),
        );
        const mails = rows
          .filter((row) => !unsubscribed.has(normaliseAddress(row.email)))
          .map((row): NewMail => ({
            userId: calendar.ownerId,
            to: row.email,
            template: 'event-cancelled',
            language: calendar.language,
            calendar: this.deps.calendars.invitation(
              calendar,
              this.recipient(calendar, list, row),
              'CANCEL',
            ),
            ...fill({ Name: row.name, EventName: calendar.title }),
          }));
        queued += (await this.deps.mailer.enqueueRendered(trx, mails)).length;
        if (rows.length < ACCESS_MAIL_BATCH) break;
      }
    }
    return queued;
  }

  private recipient(
    calendar: EventCalendar,
    list: CalendarList,
    row: Pick<CalendarRecipientRow, 'id' | 'name' | 'email' | 'token'>,
  ): CalendarRecipient {
    return {
      list,
      id: row.id,
      name: row.name,
      email: row.email,
      personalLink: this.deps.personalLinks[list](calendar.slug, row.token),
    };
  }
}
