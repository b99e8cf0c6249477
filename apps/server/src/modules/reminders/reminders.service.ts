import {
  ACCESS_MAIL_LANGUAGES,
  ERROR_MESSAGES,
  eventTimes,
  FOLLOW_UP_MAIL_PLACEHOLDERS,
  FOLLOW_UP_REPEAT_GUARD_MINUTES,
  REMINDER_MAIL_PLACEHOLDERS,
  type EventSettings,
  type EventTimes,
  type FollowUpRequest,
  type FollowUpResult,
  type RemindersOverview,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import type { Clock } from '../../lib/clock.js';
import { conflict } from '../../lib/errors.js';
import {
  accessMailLanguage,
  limitSend,
  requireMailFeature,
} from '../../lib/mailer/access-mail-send.js';
import type { Mailer } from '../../lib/mailer/mailer.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AuthContext } from '../auth/index.js';
import { readEventSettings, requireEventRole } from '../events/index.js';
import { ownerPlanOf } from '../plans/index.js';
import { sendToGuests, type PersonalLinks } from './guest-mail.js';
import {
  claimFollowUp,
  countGuests,
  eventsWithDatedStart,
  lastFollowUp,
  ownerTimeZone,
  personKindOf,
  recordFollowUpCounts,
  recordReminderSends,
  reminderSendCounts,
  type GuestList,
} from './reminders.repository.js';
import {
  defaultFollowUpText,
  followUpText,
  formatStart,
  reminderText,
  type FollowUpGroup,
} from './reminder-texts.js';

/**
 * How late a reminder may still go: one whose time passed longer ago when the scheduler first
 * could send it is skipped, not sent late (ADR 065) — an event created an hour before its start
 * gets no "tomorrow" mail.
 */
export const REMINDER_GRACE_MS = 30 * 60_000;

/** A reminder's key: its offset and the start it was computed for; a moved start reminds again. */
export const reminderKey = (offsetMinutes: number, start: Date): string =>
  `${offsetMinutes}@${start.toISOString()}`;

export interface RemindersDependencies {
  db: Kysely<Database>;
  now: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: AbuseLimits;
  links: PersonalLinks;
}

interface MailedEvent {
  id: string;
  owner_id: string;
  slug: string;
  title: string;
}

const listsOf = (settings: EventSettings): GuestList[] => [
  ...(settings.remindRegistrations ? (['registrations'] as const) : []),
  ...(settings.remindInvitations ? (['invitations'] as const) : []),
];

/**
 * Reminders before an event and the follow-up after it (docs/decisions/065-reminders-and-follow-up.md).
 */
export class RemindersService {
  constructor(private readonly deps: RemindersDependencies) {}

  /**
   * One scheduler round: every reminder whose time has come (within the grace period) goes to the
   * guests who have not had it. Answers the mails queued.
   */
  async sendDue(): Promise<number> {
    const now = this.deps.now().getTime();
    let queued = 0;
    for (const row of await eventsWithDatedStart(this.deps.db)) {
      const settings = readEventSettings(row);
      const times = eventTimes(settings, row.owner_time_zone);
      if (!times.start) continue;
      for (const offset of settings.reminderOffsets) {
        const dueAt = times.start.getTime() - offset * 60_000;
        if (now < dueAt || now - dueAt > REMINDER_GRACE_MS) continue;
        queued += await this.sendReminder(row, settings, times, offset);
      }
    }
    return queued;
  }

  private async sendReminder(
    event: MailedEvent,
    settings: EventSettings,
    times: EventTimes,
    offset: number,
  ): Promise<number> {
    const { db, mailer, links } = this.deps;
    if (!times.start) return 0;
    const reminder = reminderKey(offset, times.start);
    const at = this.deps.now().toISOString();
    let queued = 0;
    for (const list of listsOf(settings)) {
      for (const language of ACCESS_MAIL_LANGUAGES) {
        const result = await sendToGuests({
          db,
          mailer,
          links,
          event,
          list,
          template: 'reminder',
          language,
          fallback: accessMailLanguage(settings.language),
          text: reminderText(language, offset),
          placeholders: REMINDER_MAIL_PLACEHOLDERS,
          shared: { StartTime: formatStart(times.start, times, language) },
          filter: { withoutReminder: reminder },
          record: (trx, mails) =>
            recordReminderSends(
              trx,
              { eventId: event.id, reminder, kind: personKindOf(list), at },
              mails,
            ),
        });
        queued += result.queued;
      }
    }
    return queued;
  }

  /** The event's reminders as scheduled, who they reach, and the follow-up's state. */
  async overview(auth: AuthContext, eventId: string): Promise<RemindersOverview> {
    const { db } = this.deps;
    const event = await requireEventRole(db, auth, eventId);
    const settings = readEventSettings(event);
    const times = eventTimes(settings, await ownerTimeZone(db, event.owner_id));
    const language = accessMailLanguage(settings.language);
    const counts = await reminderSendCounts(db, event.id);
    const now = this.deps.now().getTime();
    const start = times.start;
    const reminders = start
      ? [...settings.reminderOffsets]
          .sort((a, b) => b - a)
          .map((offset) => {
            const dueAt = start.getTime() - offset * 60_000;
            const sent = counts.get(reminderKey(offset, start)) ?? 0;
            // Due and within the grace period, it is still going out (the next round sends it).
            const status: 'scheduled' | 'sent' | 'skipped' =
              sent > 0 ? 'sent' : now - dueAt <= REMINDER_GRACE_MS ? 'scheduled' : 'skipped';
            return {
              offsetMinutes: offset,
              dueAt: new Date(dueAt).toISOString(),
              status,
              sent,
              preview: reminderText(language, offset),
            };
          })
      : [];
    const registrations = await countGuests(db, event.id, 'registrations');
    const invitations = await countGuests(db, event.id, 'invitations');
    const attended = registrations.attended + invitations.attended;
    return {
      start: start?.toISOString() ?? null,
      timeZone: times.timeZone,
      language,
      reminders,
      recipients: { registrations: registrations.total, invitations: invitations.total },
      followUp: {
        attended,
        missed: registrations.total + invitations.total - attended,
        lastSentAt: (await lastFollowUp(db, event.id))?.sent_at ?? null,
        defaults: {
          attended: defaultFollowUpText(language, 'attended'),
          missed: defaultFollowUpText(language, 'missed'),
        },
      },
    };
  }

  /**
   * The follow-up: the "attended" text to every registrant and mailed invitee with attendance
   * minutes, the "missed" text to the others; `test` sends both texts to the signed-in user. The
   * owner or a shared user with INVITATION_EMAILS in the owner's plan; a second send within
   * FOLLOW_UP_REPEAT_GUARD_MINUTES is refused (409) unless forced.
   */
  async sendFollowUp(
    auth: AuthContext,
    eventId: string,
    request: FollowUpRequest,
  ): Promise<FollowUpResult> {
    const { db, mailer, links, limiter, limits } = this.deps;
    const event = await requireEventRole(db, auth, eventId);
    const now = this.deps.now();
    requireMailFeature(ownerPlanOf(event, now).allowance);
    await limitSend(limiter, limits, {
      list: 'follow-up',
      mode: request.mode === 'test' ? 'test' : 'all',
      eventId: event.id,
      userId: auth.user.id,
    });
    const settings = readEventSettings(event);
    const fallback = accessMailLanguage(settings.language);
    const shared = { ReplayLink: settings.replayLink || links.event(event.slug) };
    if (request.mode === 'test') return this.sendFollowUpTest(auth, event, settings, shared);
    const notBefore = request.force
      ? null
      : new Date(now.getTime() - FOLLOW_UP_REPEAT_GUARD_MINUTES * 60_000).toISOString();
    if (!(await claimFollowUp(db, event.id, now.toISOString(), notBefore))) {
      throw conflict(ERROR_MESSAGES.followUpRecentlySent);
    }
    const result: FollowUpResult = { attended: 0, missed: 0, queued: 0, skipped: 0 };
    for (const group of ['attended', 'missed'] as const) {
      for (const list of ['registrations', 'invitations'] as const) {
        for (const language of ACCESS_MAIL_LANGUAGES) {
          const sent = await sendToGuests({
            db,
            mailer,
            links,
            event,
            list,
            template: 'follow-up',
            language,
            fallback,
            text: followUpText(settings, language, group),
            placeholders: FOLLOW_UP_MAIL_PLACEHOLDERS,
            shared,
            filter: { attended: group === 'attended' },
            record: async (_trx, mails) => new Set(mails.map((mail) => mail.id)),
          });
          result[group] += sent.queued + sent.skipped;
          result.queued += sent.queued;
          result.skipped += sent.skipped;
        }
      }
    }
    await recordFollowUpCounts(db, event.id, { attended: result.attended, missed: result.missed });
    return result;
  }

  /** Both texts of the follow-up to the signed-in user, marked as tests. */
  private async sendFollowUpTest(
    auth: AuthContext,
    event: MailedEvent,
    settings: EventSettings,
    shared: Record<string, string>,
  ): Promise<FollowUpResult> {
    const { db, mailer, links } = this.deps;
    const language = accessMailLanguage(settings.language);
    const values = {
      ...shared,
      Name: auth.user.name,
      PersonalLink: links.event(event.slug),
      EventName: event.title,
      EventLink: links.event(event.slug),
    };
    const groups: FollowUpGroup[] = ['attended', 'missed'];
    const mails = await db.transaction().execute(async (trx) => {
      const queued = [];
      for (const group of groups) {
        queued.push(
          await mailer.enqueue(trx, {
            userId: auth.user.id,
            to: auth.user.email,
            language,
            template: 'follow-up',
            data: { ...followUpText(settings, language, group), values, test: true },
          }),
        );
      }
      return queued;
    });
    mailer.afterCommit(...mails);
    return { attended: 0, missed: 0, queued: mails.length, skipped: 0 };
  }
}
