import { fillPlaceholders } from '@livent/shared';
import { Fragment } from 'react';
import { Linkify } from '../../html/linkify.js';
import { Paragraph } from '../mail-layout.js';
import type { AccessMailData, EmailsT, MailProps } from '../template-types.js';

/** The catalogue keys of the default texts of each kind of access mail. */
const DEFAULTS = {
  invitation: { subject: 'invitationMail.subject', body: 'invitationMail.body' },
  registration: { subject: 'registrationMail.subject', body: 'registrationMail.body' },
  // Calendar notices to a list (ADR 064): always the default text.
  'time-change': { subject: 'timeChangeMail.subject', body: 'timeChangeMail.body' },
  'event-cancelled': { subject: 'eventCancelledMail.subject', body: 'eventCancelledMail.body' },
  // The reminders module passes the text of each offset, the follow-up each group's (ADR 065).
  reminder: { subject: 'reminderMail.other.subject', body: 'reminderMail.other.body' },
  'follow-up': { subject: 'followUpMail.missed.subject', body: 'followUpMail.missed.body' },
} as const;

export type AccessMailKind = keyof typeof DEFAULTS;

/** The default subject and body of an access mail, placeholders unfilled (`{Name}`…). */
export function defaultAccessMailText(
  t: EmailsT,
  kind: AccessMailKind,
): { subject: string; body: string } {
  return { subject: t(DEFAULTS[kind].subject), body: t(DEFAULTS[kind].body) };
}

/** The subject as sent: the organiser's or the default, filled, marked when it is a test. */
export function accessMailSubject(t: EmailsT, kind: AccessMailKind, data: AccessMailData): string {
  const subject = fillPlaceholders(
    data.subject.trim() || defaultAccessMailText(t, kind).subject,
    data.values,
  );
  return data.test ? t('accessMail.testSubject', { subject }) : subject;
}

/**
 * An invitation or registration mail (ADR 026, "Invitation and registration emails"): the
 * organiser's text, or the default, with its placeholders filled. The text is never HTML: React
 * escapes it, blank lines part paragraphs, line breaks stay, and http(s) addresses (the personal
 * and event links) become links.
 */
export function accessMailBody(kind: AccessMailKind) {
  return function AccessMail({ t, data }: MailProps<AccessMailKind>) {
    const body = fillPlaceholders(
      data.body.trim() === '' ? defaultAccessMailText(t, kind).body : data.body,
      data.values,
    );
    const paragraphs = body
      .replace(/\r\n?/g, '\n')
      .split(/\n[ \t]*\n/)
      .filter((paragraph) => paragraph.trim() !== '');
    // Paragraphs and lines have no identity but their place, and never reorder: the index is the key.
    return paragraphs.map((paragraph, index) => (
      <Paragraph key={index}>
        {paragraph
          .replace(/^\n+|\n+$/g, '')
          .split('\n')
          .map((line, lineIndex) => (
            <Fragment key={lineIndex}>
              {lineIndex > 0 && <br />}
              <Linkify text={line} />
            </Fragment>
          ))}
      </Paragraph>
    ));
  };
}
