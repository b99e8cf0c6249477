import type { Language } from '@livent/shared';
import { escapeHtml, escapeMultiline } from './html.js';
import { renderHtml } from './layout.js';

/** The data each template needs. Every value is user data and is escaped in HTML. */
export interface MailTemplates {
  'verify-email': { name: string; link: string };
  'reset-password': { name: string; link: string };
  'confirm-email-change': { name: string; link: string; newEmail: string };
  feedback: { name: string; accountEmail: string; replyEmail: string; message: string };
}
export type MailTemplateName = keyof MailTemplates;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** One template in one language: its subject, its paragraphs and its call to action. */
interface Wording {
  subject: string;
  greeting?: string;
  paragraphs: string[];
  action?: string;
  closing: string[];
}

const FALLBACK: Record<Language, string> = {
  en: 'If the button does not work, copy this link into your browser:',
  de: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
};
const FOOTER: Record<Language, string> = {
  en: 'You receive this email because of your Livent account. Livent — landing pages for live events.',
  de: 'Sie erhalten diese E-Mail wegen Ihres Livent-Kontos. Livent — Landingpages für Live-Events.',
};

const wordings: {
  [T in MailTemplateName]: Record<Language, (data: MailTemplates[T]) => Wording>;
} = {
  'verify-email': {
    en: ({ name }) => ({
      subject: 'Confirm your email address for Livent',
      greeting: `Hello ${name},`,
      paragraphs: ['please confirm your email address to finish setting up your Livent account.'],
      action: 'Confirm email address',
      closing: [
        'The link is valid for 24 hours and can be used once.',
        'If you did not sign up for Livent, you can ignore this email.',
      ],
    }),
    de: ({ name }) => ({
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Livent',
      greeting: `Hallo ${name},`,
      paragraphs: ['bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Livent-Konto einzurichten.'],
      action: 'E-Mail-Adresse bestätigen',
      closing: [
        'Der Link ist 24 Stunden gültig und kann einmal verwendet werden.',
        'Falls Sie sich nicht bei Livent registriert haben, können Sie diese E-Mail ignorieren.',
      ],
    }),
  },
  'reset-password': {
    en: ({ name }) => ({
      subject: 'Reset your Livent password',
      greeting: `Hello ${name},`,
      paragraphs: [
        'someone asked to reset the password of your Livent account. Choose a new password here:',
      ],
      action: 'Choose a new password',
      closing: [
        'The link is valid for 1 hour and can be used once. Setting a new password signs you out on all devices.',
        'If you did not ask for this, ignore this email; your password stays as it is.',
      ],
    }),
    de: ({ name }) => ({
      subject: 'Setzen Sie Ihr Livent-Passwort zurück',
      greeting: `Hallo ${name},`,
      paragraphs: [
        'jemand hat angefordert, das Passwort Ihres Livent-Kontos zurückzusetzen. Wählen Sie hier ein neues Passwort:',
      ],
      action: 'Neues Passwort wählen',
      closing: [
        'Der Link ist 1 Stunde gültig und kann einmal verwendet werden. Ein neues Passwort meldet Sie auf allen Geräten ab.',
        'Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
      ],
    }),
  },
  'confirm-email-change': {
    en: ({ name, newEmail }) => ({
      subject: 'Confirm your new email address for Livent',
      greeting: `Hello ${name},`,
      paragraphs: [
        `you asked to use ${newEmail} as the email address of your Livent account. The change takes effect once you confirm it:`,
      ],
      action: 'Confirm new email address',
      closing: [
        'The link is valid for 24 hours and can be used once.',
        'If you did not ask for this, ignore this email; your account keeps its current address.',
      ],
    }),
    de: ({ name, newEmail }) => ({
      subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für Livent',
      greeting: `Hallo ${name},`,
      paragraphs: [
        `Sie möchten ${newEmail} als E-Mail-Adresse Ihres Livent-Kontos verwenden. Die Änderung gilt, sobald Sie sie bestätigen:`,
      ],
      action: 'Neue E-Mail-Adresse bestätigen',
      closing: [
        'Der Link ist 24 Stunden gültig und kann einmal verwendet werden.',
        'Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Konto behält seine bisherige Adresse.',
      ],
    }),
  },
  feedback: {
    en: ({ name, accountEmail, replyEmail, message }) => ({
      subject: `Feedback from ${name}`,
      paragraphs: [`Account: ${name} <${accountEmail}>`, `Reply to: ${replyEmail}`, message],
      closing: [],
    }),
    de: ({ name, accountEmail, replyEmail, message }) => ({
      subject: `Feedback von ${name}`,
      paragraphs: [`Konto: ${name} <${accountEmail}>`, `Antwort an: ${replyEmail}`, message],
      closing: [],
    }),
  },
};

/**
 * A mail in the recipient's language: subject, plain text and HTML. The link (if any) is the
 * template's call to action; every piece of user data is escaped in the HTML.
 */
export function renderMail<T extends MailTemplateName>(
  template: T,
  language: Language,
  data: MailTemplates[T],
): RenderedMail {
  const wording = wordings[template][language](data);
  const link = 'link' in data ? data.link : undefined;
  const blocks = [...(wording.greeting ? [wording.greeting] : []), ...wording.paragraphs];
  const text = [...blocks, ...(link ? [link] : []), ...wording.closing, '—', FOOTER[language]].join(
    '\n\n',
  );
  const html = renderHtml(language, wording.subject, {
    paragraphs: blocks.map(escapeMultiline),
    closing: wording.closing.map(escapeMultiline),
    ...(link && wording.action
      ? { action: { label: wording.action, url: link, fallback: FALLBACK[language] } }
      : {}),
    footer: escapeHtml(FOOTER[language]),
  });
  return { subject: wording.subject, text: `${text}\n`, html };
}
