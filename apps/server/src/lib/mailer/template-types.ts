import type { TFunction } from 'i18next';

/*
 * The types that the templates (templates/*.tsx) and their index (templates.tsx) share: the
 * templates import them from here, so that no template imports the index that imports it.
 */

/** The data each template needs. Every value is user data; React escapes it in the HTML. */
export interface MailTemplates {
  'verify-email': { name: string; link: string };
  'reset-password': { name: string; link: string };
  'confirm-email-change': { name: string; link: string; newEmail: string };
  feedback: {
    name: string;
    accountEmail: string;
    replyEmail: string;
    message: string;
    /** The error the report dialog sent, as text (ADR 054). */
    errorDetails?: string;
  };
  /** To an event's owner: a viewer's report from the accessibility statement (ADR 052). */
  'accessibility-feedback': {
    eventTitle: string;
    pageUrl: string;
    /** Empty when the viewer gave none. */
    name: string;
    replyEmail: string;
    message: string;
  };
  /** To a viewer of a protected event: the personal link (ADR 026). */
  'registration-verify': RegistrationMail & { verify: true };
  'registration-confirm': RegistrationMail & { verify: false };
  /** The organiser's invitation and registration mails (ADR 026): their text or the default. */
  invitation: AccessMailData;
  registration: AccessMailData;
  /** To a list when the event's time moved or the event was deleted (ADR 064). */
  'time-change': AccessMailData;
  'event-cancelled': AccessMailData;
  /** Reminders before the start and the follow-up after the event (ADR 065). */
  reminder: AccessMailData;
  'follow-up': AccessMailData;
  /** Sharing and owner changes (ADR 031); `link` points at the dashboard. */
  'permission-invitation': {
    name: string;
    ownerName: string;
    ownerEmail: string;
    eventTitle: string;
    link: string;
  };
  'owner-change-request': {
    name: string;
    fromName: string;
    fromEmail: string;
    eventTitle: string;
    link: string;
  };
  'owner-change-previous': { name: string; toName: string; toEmail: string; eventTitle: string };
  'owner-change-new': { name: string; fromName: string; eventTitle: string; link: string };
  /** An enterprise admin's invitation (ADR 028); `name` null when no account has the address. */
  'enterprise-invitation': {
    name: string | null;
    adminName: string;
    adminEmail: string;
    link: string;
  };
  /** To the old address once an email change took effect. */
  'email-changed': { name: string; newEmail: string; supportEmail: string };
  'webhook-paused': { name: string; url: string; link: string };
}

/**
 * An access mail: the organiser's subject and body with `{Name}`-style placeholders (empty: the
 * default text of the mail's language) and the values that fill them.
 */
export interface AccessMailData {
  subject: string;
  body: string;
  values: Readonly<Partial<Record<string, string>>>;
  /** A test mail to the organiser: the subject says so. */
  test?: boolean;
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
