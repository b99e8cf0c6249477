import type { AccessMailLanguage, EventSettings } from '@livent/shared';
import { translator } from '../../lib/i18n/i18n.js';

/**
 * The built-in texts of reminders and the follow-up (docs/decisions/065-reminders-and-follow-up.md),
 * placeholders unfilled (`{Name}`…): a reminder's depend on how long before the start it goes.
 */

type ReminderKind = 'day' | 'hour' | 'start' | 'other';

const reminderKind = (offsetMinutes: number): ReminderKind =>
  offsetMinutes === 1440
    ? 'day'
    : offsetMinutes === 60
      ? 'hour'
      : offsetMinutes === 0
        ? 'start'
        : 'other';

export interface MailText {
  subject: string;
  body: string;
}

/** The reminder `offsetMinutes` before the start: "Tomorrow", "Starting in one hour", "Starting now"… */
export function reminderText(language: AccessMailLanguage, offsetMinutes: number): MailText {
  const t = translator(language, 'emails');
  const kind = reminderKind(offsetMinutes);
  return { subject: t(`reminderMail.${kind}.subject`), body: t(`reminderMail.${kind}.body`) };
}

export type FollowUpGroup = 'attended' | 'missed';

/** The follow-up's built-in text of a group. */
export function defaultFollowUpText(language: AccessMailLanguage, group: FollowUpGroup): MailText {
  const t = translator(language, 'emails');
  return { subject: t(`followUpMail.${group}.subject`), body: t(`followUpMail.${group}.body`) };
}

/** The organiser's follow-up text of a group; each empty part is the built-in one. */
export function followUpText(
  settings: Pick<
    EventSettings,
    | 'followUpAttendedSubject'
    | 'followUpAttendedBody'
    | 'followUpMissedSubject'
    | 'followUpMissedBody'
  >,
  language: AccessMailLanguage,
  group: FollowUpGroup,
): MailText {
  const fallback = defaultFollowUpText(language, group);
  const own =
    group === 'attended'
      ? { subject: settings.followUpAttendedSubject, body: settings.followUpAttendedBody }
      : { subject: settings.followUpMissedSubject, body: settings.followUpMissedBody };
  return {
    subject: own.subject.trim() || fallback.subject,
    body: own.body.trim() || fallback.body,
  };
}

/** The start as a reader of `language` writes it, in the event's time zone, with the zone named. */
export function formatStart(
  start: Date,
  times: { allDay: boolean; timeZone: string },
  language: AccessMailLanguage,
): string {
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    timeZone: times.timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(times.allDay ? {} : { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }),
  }).format(start);
}
