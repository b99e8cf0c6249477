import type { Language } from '@livent/shared';
import type { FunctionComponent } from 'react';
import { renderDocument, renderFragment } from '../html/render-document.js';
import { translator } from '../i18n/i18n.js';
import { MailLayout } from './mail-layout.js';
import { htmlToPlainText } from './plain-text.js';
import { accessMailBody, accessMailSubject, type AccessMailKind } from './templates/access-mail.js';
import { EmailChanged, EnterpriseInvitation, WebhookPaused } from './templates/account-notices.js';
import { ConfirmEmailChange } from './templates/confirm-email-change.js';
import { AccessibilityFeedback } from './templates/accessibility-feedback.js';
import { Feedback } from './templates/feedback.js';
import {
  OwnerChangeNew,
  OwnerChangePrevious,
  OwnerChangeRequest,
  PermissionInvitation,
} from './templates/permissions.js';
import { RegistrationLink } from './templates/registration.js';
import { ResetPassword } from './templates/reset-password.js';
import { VerifyEmail } from './templates/verify-email.js';
import type {
  AccessMailData,
  EmailsT,
  MailProps,
  MailTemplateName,
  MailTemplates,
} from './template-types.js';

export type { MailTemplateName, MailTemplates } from './template-types.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const templates: {
  [T in MailTemplateName]: {
    subject: (t: EmailsT, data: MailTemplates[T]) => string;
    Body: FunctionComponent<MailProps<T>>;
    /** Why the reader gets it, when not because of a Livent account. */
    footer?: (t: EmailsT) => string;
  };
} = {
  'verify-email': { subject: (t) => t('verifyEmail.subject'), Body: VerifyEmail },
  'reset-password': { subject: (t) => t('resetPassword.subject'), Body: ResetPassword },
  'confirm-email-change': {
    subject: (t) => t('confirmEmailChange.subject'),
    Body: ConfirmEmailChange,
  },
  feedback: { subject: (t, { name }) => t('feedback.subject', { name }), Body: Feedback },
  'accessibility-feedback': {
    subject: (t, { eventTitle }) => t('accessibilityFeedback.subject', { eventTitle }),
    Body: AccessibilityFeedback,
  },
  'registration-verify': {
    subject: (t, { eventName }) => t('registrationVerify.subject', { eventName }),
    Body: RegistrationLink,
    footer: (t) => t('registration.footer'),
  },
  'registration-confirm': {
    subject: (t, { eventName }) => t('registrationConfirm.subject', { eventName }),
    Body: RegistrationLink,
    footer: (t) => t('registration.footer'),
  },
  invitation: {
    subject: (t, data) => accessMailSubject(t, 'invitation', data),
    Body: accessMailBody('invitation'),
    footer: (t) => t('invitationMail.footer'),
  },
  registration: {
    subject: (t, data) => accessMailSubject(t, 'registration', data),
    Body: accessMailBody('registration'),
    footer: (t) => t('registration.footer'),
  },
  'time-change': {
    subject: (t, data) => accessMailSubject(t, 'time-change', data),
    Body: accessMailBody('time-change'),
    footer: (t) => t('calendar.footer'),
  },
  'event-cancelled': {
    subject: (t, data) => accessMailSubject(t, 'event-cancelled', data),
    Body: accessMailBody('event-cancelled'),
    footer: (t) => t('calendar.footer'),
  },
  reminder: {
    subject: (t, data) => accessMailSubject(t, 'reminder', data),
    Body: accessMailBody('reminder'),
    footer: (t) => t('reminderMail.footer'),
  },
  'follow-up': {
    subject: (t, data) => accessMailSubject(t, 'follow-up', data),
    Body: accessMailBody('follow-up'),
    footer: (t) => t('reminderMail.footer'),
  },
  'permission-invitation': {
    subject: (t, { ownerName, eventTitle }) =>
      t('permissionInvitation.subject', { ownerName, eventTitle }),
    Body: PermissionInvitation,
  },
  'owner-change-request': {
    subject: (t, { fromName, eventTitle }) =>
      t('ownerChangeRequest.subject', { fromName, eventTitle }),
    Body: OwnerChangeRequest,
  },
  'owner-change-previous': {
    subject: (t, { eventTitle }) => t('ownerChangePrevious.subject', { eventTitle }),
    Body: OwnerChangePrevious,
  },
  'owner-change-new': {
    subject: (t, { eventTitle }) => t('ownerChangeNew.subject', { eventTitle }),
    Body: OwnerChangeNew,
  },
  'enterprise-invitation': {
    subject: (t, { adminName }) => t('enterpriseInvitation.subject', { adminName }),
    Body: EnterpriseInvitation,
    footer: (t) => t('enterpriseInvitation.footer'),
  },
  'email-changed': { subject: (t) => t('emailChanged.subject'), Body: EmailChanged },
  'webhook-paused': { subject: (t) => t('webhookPaused.subject'), Body: WebhookPaused },
};

/**
 * A mail in the recipient's language: subject, HTML (the template's component in the mail
 * layout) and the plain text derived from that HTML.
 */
export function renderMail<T extends MailTemplateName>(
  template: T,
  language: Language,
  data: MailTemplates[T],
): RenderedMail {
  const t = translator(language, 'emails');
  const { subject, Body, footer } = templates[template];
  const title = subject(t, data);
  const html = renderDocument(
    <MailLayout
      language={language}
      subject={title}
      footer={footer ? footer(t) : t('layout.footer')}
    >
      <Body t={t} data={data} />
    </MailLayout>,
  );
  return { subject: title, text: `${htmlToPlainText(html)}\n`, html };
}

/** The mails to a list of guests, rendered once and filled per recipient. */
export type AccessMailTemplate = AccessMailKind;

const WEB_URL = /^https?:\/\//i;

/**
 * Stands in for a placeholder while the mail is rendered once: private-use characters between
 * `<` and `>`, which end an address, so that a value written right after a link stays outside it.
 */
const sentinel = (index: number) => `<\uE000${index}\uE001>`;
/** …and for a link placeholder, as an address the link pattern takes for one. */
const linkSentinel = (index: number) => `https://p${index}.placeholder.invalid`;

/**
 * The same access mail to many recipients (a send to 100,000 invitations): rendered once with
 * stand-ins for the placeholders, then filled per recipient by replacing the stand-ins — the
 * HTML with the values as React escapes them, the text with the values themselves. Rendering
 * each mail would cost React and html-to-text per recipient. The link placeholders' stand-ins
 * are addresses, so that the mail links them as it links the real ones; other values are never
 * made links or part of one (a guest's name that looks like an address stays text).
 */
export function prepareAccessMail(
  template: AccessMailTemplate,
  language: Language,
  data: Omit<AccessMailData, 'values'>,
  placeholders: readonly string[],
  linkPlaceholders: readonly string[],
): (values: Readonly<Partial<Record<string, string>>>) => RenderedMail {
  // React escapes only these five characters: a value without them is its own escape, and most
  // are (names, passwords, links), so React is asked only for the others.
  const escape = (value: string) => (/["'&<>]/.test(value) ? renderFragment(<>{value}</>) : value);
  const textStandIns = placeholders.map((name, index) =>
    linkPlaceholders.includes(name) ? linkSentinel(index) : sentinel(index),
  );
  const htmlStandIns = textStandIns.map(escape);
  const once = renderMail(template, language, {
    ...data,
    values: Object.fromEntries(placeholders.map((name, index) => [name, textStandIns[index]])),
  });
  const html = fillIn(once.html, htmlStandIns);
  const text = fillIn(once.text, textStandIns);
  const subject = fillIn(once.subject, textStandIns);
  const isLink = placeholders.map((name) => linkPlaceholders.includes(name));
  return (values) => {
    const raw = placeholders.map((name) => values[name] ?? '');
    return {
      subject: subject(raw),
      // A link placeholder's value lands in an href, where React's own check of the scheme no
      // longer applies: the server builds these links, and anything but a web address is left out.
      html: html(
        raw.map((value, index) => (isLink[index] && !WEB_URL.test(value) ? '' : escape(value))),
      ),
      // html-to-text ends no line in white space: neither does an empty value at a line's end.
      text: text(raw).replace(/[ \t]+\n/g, '\n'),
    };
  };
}

/**
 * A rendered text cut once at its stand-ins, so that each copy is one pass of concatenation: the
 * function answers the text with the i-th stand-in replaced by the i-th value.
 */
function fillIn(rendered: string, standIns: readonly string[]): (values: string[]) => string {
  if (standIns.length === 0) return () => rendered;
  const pattern = new RegExp(
    standIns.map((standIn) => standIn.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
    'g',
  );
  const literals: string[] = [];
  const slots: number[] = [];
  let last = 0;
  for (const match of rendered.matchAll(pattern)) {
    literals.push(rendered.slice(last, match.index));
    slots.push(standIns.indexOf(match[0]));
    last = match.index + match[0].length;
  }
  literals.push(rendered.slice(last));
  return (values) => {
    let result = literals[0] ?? '';
    slots.forEach((slot, index) => {
      result += (values[slot] ?? '') + (literals[index + 1] ?? '');
    });
    return result;
  };
}
