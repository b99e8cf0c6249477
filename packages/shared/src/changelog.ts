import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants.js';
import { fields } from './validation.js';

/**
 * What's new in Livent (docs/product-spec.md section 2, "What's-new dialog"), newest first, in every interface
 * language. The server answers `GET /changelog` from this list and the dashboard may import it
 * directly; the dialog shows the entries dated after the user's `whatsnewSeen` setting.
 */
export interface ChangelogSource {
  /** YYYY-MM-DD */
  date: string;
  text: Record<Language, string>;
}

export const CHANGELOG: readonly ChangelogSource[] = [
  {
    date: '2026-11-22',
    text: {
      en: 'Feedback: tell us what you think through "Send feedback" in the help menu. Your message goes straight to our support team.',
      de: 'Feedback: Sagen Sie uns Ihre Meinung über „Feedback senden“ im Hilfemenü. Ihre Nachricht geht direkt an unser Support-Team.',
    },
  },
  {
    date: '2026-11-22',
    text: {
      en: 'Settings: choose your time zone, the language of our emails (English or German), the CSV delimiter, whether help is always shown, and our newsletter (less than once a month).',
      de: 'Einstellungen: Wählen Sie Ihre Zeitzone, die Sprache unserer E-Mails (Deutsch oder Englisch), das CSV-Trennzeichen, ob die Hilfe immer angezeigt wird, und unseren Newsletter (seltener als einmal im Monat).',
    },
  },
  {
    date: '2026-11-22',
    text: {
      en: 'Security: see every device you are signed in on, with browser, address and last use, and sign any of them out. Changing your password signs out all other devices.',
      de: 'Sicherheit: Sehen Sie alle Geräte, auf denen Sie angemeldet sind, mit Browser, Adresse und letzter Nutzung, und melden Sie jedes davon ab. Eine Passwortänderung meldet alle anderen Geräte ab.',
    },
  },
  {
    date: '2026-11-22',
    text: {
      en: 'Profile: change your name, company and initials. A new email address takes effect once you confirm it with the link we send to that address.',
      de: 'Profil: Ändern Sie Namen, Firma und Initialen. Eine neue E-Mail-Adresse gilt, sobald Sie sie über den Link bestätigen, den wir an diese Adresse senden.',
    },
  },
  {
    date: '2026-11-22',
    text: {
      en: 'Welcome to Livent! Sign up with your email address, confirm it with the link we send you, and stay signed in for 30 days. Forgot your password? Request a reset link on the sign-in page; it works for one hour.',
      de: 'Willkommen bei Livent! Registrieren Sie sich mit Ihrer E-Mail-Adresse, bestätigen Sie sie über den Link, den wir Ihnen senden, und bleiben Sie 30 Tage angemeldet. Passwort vergessen? Fordern Sie auf der Anmeldeseite einen Link zum Zurücksetzen an; er gilt eine Stunde.',
    },
  },
];

export const changelogEntrySchema = z.object({ date: fields.date(), text: z.string() });
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;

/** `GET /changelog?language=`: the signed-in user's email language, else English, by default. */
export const changelogQuerySchema = z.strictObject({ language: z.enum(LANGUAGES).optional() });

/** The entries in one language, newest first. */
export function changelogFor(language: Language = DEFAULT_LANGUAGE): ChangelogEntry[] {
  return [...CHANGELOG]
    .sort((a, b) => b.date.localeCompare(a.date))
    .map((entry) => ({ date: entry.date, text: entry.text[language] }));
}

/** The newest entry's date, which the what's-new dialog compares with `whatsnewSeen`. */
export const latestChangelogDate = (): string | undefined => changelogFor()[0]?.date;
