import type { Language } from '@livent/shared';
import type { TFunction } from 'i18next';
import type { FunctionComponent } from 'react';
import { renderDocument } from '../html/render-document.js';
import { translator } from '../i18n/i18n.js';
import { MailLayout } from './mail-layout.js';
import { htmlToPlainText } from './plain-text.js';
import { ConfirmEmailChange } from './templates/confirm-email-change.js';
import { Feedback } from './templates/feedback.js';
import { RegistrationLink } from './templates/registration.js';
import { ResetPassword } from './templates/reset-password.js';
import { VerifyEmail } from './templates/verify-email.js';

/** The data each template needs. Every value is user data; React escapes it in the HTML. */
export interface MailTemplates {
  'verify-email': { name: string; link: string };
  'reset-password': { name: string; link: string };
  'confirm-email-change': { name: string; link: string; newEmail: string };
  feedback: { name: string; accountEmail: string; replyEmail: string; message: string };
  /** To a viewer of a protected event: the personal link (ADR 026). */
  'registration-verify': RegistrationMail & { verify: true };
  'registration-confirm': RegistrationMail & { verify: false };
}

export interface RegistrationMail {
  name: string;
  eventName: string;
  eventLink: string;
  /** The personal link. */
  link: string;
}
export type MailTemplateName = keyof MailTemplates;

/** The mail texts of one language (src/locales/{language}/emails.json). */
export type EmailsT = TFunction<'emails'>;

/** What a template's component receives: the texts of the recipient's language and its data. */
export interface MailProps<T extends MailTemplateName> {
  t: EmailsT;
  data: MailTemplates[T];
}

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
