import { z } from 'zod';
import { ACCESS_MAIL_LANGUAGES, accessMailBody, accessMailSubject } from './access-mails.js';

/**
 * Reminders before an event and the follow-up after it
 * (docs/decisions/065-reminders-and-follow-up.md).
 */

/** What a follow-up mail may name, written `{Name}` etc. `ReplayLink`: the replay, else the page. */
export const FOLLOW_UP_MAIL_PLACEHOLDERS = [
  'Name',
  'PersonalLink',
  'ReplayLink',
  'EventName',
  'EventLink',
] as const;
export type FollowUpMailPlaceholder = (typeof FOLLOW_UP_MAIL_PLACEHOLDERS)[number];

/** What a reminder may name (its texts are the built-in ones of each offset). */
export const REMINDER_MAIL_PLACEHOLDERS = [
  'Name',
  'PersonalLink',
  'EventName',
  'EventLink',
  'StartTime',
] as const;

export const followUpSubject = accessMailSubject(FOLLOW_UP_MAIL_PLACEHOLDERS);
export const followUpBody = accessMailBody(FOLLOW_UP_MAIL_PLACEHOLDERS);

/** A second follow-up within this time is refused (409) unless the request forces it. */
export const FOLLOW_UP_REPEAT_GUARD_MINUTES = 60;

/**
 * `POST /events/{id}/follow-up`: `send` to every registrant and mailed invitee, `test` one mail
 * of each text to the signed-in user. `force` sends again within the repeat guard.
 */
export const followUpRequestSchema = z.strictObject({
  mode: z.enum(['send', 'test']),
  force: z.boolean().optional(),
});
export type FollowUpRequest = z.infer<typeof followUpRequestSchema>;

export const followUpResultSchema = z.object({
  attended: z.number().int(),
  missed: z.number().int(),
  /** Mails queued, and recipients skipped as unsubscribed (ADR 049). */
  queued: z.number().int(),
  skipped: z.number().int(),
});
export type FollowUpResult = z.infer<typeof followUpResultSchema>;

const mailTextSchema = z.object({ subject: z.string(), body: z.string() });

/** One reminder of the schedule: when it is due, and how many went. */
export const scheduledReminderSchema = z.object({
  offsetMinutes: z.number().int(),
  /** ISO instant. */
  dueAt: z.string(),
  /**
   * `scheduled`: still to come, or due and going out with the scheduler's next round; `sent`: it
   * went (to `sent` guests); `skipped`: its time passed beyond the grace period with nobody sent
   * it (set too late, never sent late).
   */
  status: z.enum(['scheduled', 'sent', 'skipped']),
  sent: z.number().int(),
  /** The built-in mail of this reminder in the event's language, placeholders unfilled. */
  preview: mailTextSchema,
});
export type ScheduledReminder = z.infer<typeof scheduledReminderSchema>;

/**
 * `GET /events/{id}/reminders`: the schedule (empty without a date and time of the start), who
 * gets the reminders and the follow-up's state and default texts.
 */
export const remindersOverviewSchema = z.object({
  /** ISO instant of the start; null when the start is not a date and time. */
  start: z.string().nullable(),
  timeZone: z.string(),
  language: z.enum(ACCESS_MAIL_LANGUAGES),
  reminders: z.array(scheduledReminderSchema),
  /** Registrants (verified) and invitees mailed an invitation: who reminders and follow-up reach. */
  recipients: z.object({ registrations: z.number().int(), invitations: z.number().int() }),
  followUp: z.object({
    attended: z.number().int(),
    missed: z.number().int(),
    lastSentAt: z.string().nullable(),
    defaults: z.object({ attended: mailTextSchema, missed: mailTextSchema }),
  }),
});
export type RemindersOverview = z.infer<typeof remindersOverviewSchema>;
