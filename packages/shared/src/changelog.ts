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
    date: '2026-11-28',
    text: {
      en: 'Two-factor sign-in: under Security, protect your account with a code from an authenticator app after your password, with recovery codes for a lost phone and "Remember this browser for 30 days". Enterprise admins can require it of their members.',
      de: 'Zwei-Faktor-Anmeldung: Schützen Sie Ihr Konto unter Sicherheit mit einem Code aus einer Authenticator-App nach Ihrem Passwort, mit Wiederherstellungscodes für ein verlorenes Telefon und „Diesen Browser 30 Tage lang merken“. Enterprise-Admins können sie von ihren Mitgliedern verlangen.',
    },
  },
  {
    date: '2026-11-28',
    text: {
      en: 'Personal API tokens: connect scripts and your CRM to the same API as the dashboard. Make a token on Account → Security with only the scopes it needs (events, registrations and invitations, messages, statistics, webhooks) and an expiry; it is shown once, shows when it was last used, and stops working the moment you revoke it.',
      de: 'Persönliche API-Tokens: Verbinden Sie Skripte und Ihr CRM mit derselben API wie das Dashboard. Erstellen Sie unter Konto → Sicherheit ein Token mit nur den Berechtigungen, die es braucht (Veranstaltungen, Registrierungen und Einladungen, Nachrichten, Statistik, Webhooks), und einer Ablaufzeit; es wird einmal angezeigt, zeigt seine letzte Nutzung und funktioniert nicht mehr, sobald Sie es widerrufen.',
    },
  },
  {
    date: '2026-11-28',
    text: {
      en: "Audit log: see who changed what and when, field by field for event settings, with sharing, access, domains, plan and sign-ins from new browsers, in each event's administration and for your whole account under Security. Filter, search and download it as CSV; entries are kept for a year.",
      de: 'Änderungsprotokoll: Sehen Sie, wer was wann geändert hat, bei Veranstaltungseinstellungen Feld für Feld, dazu Freigaben, Zugang, Domains, Tarif und Anmeldungen aus neuen Browsern, in der Veranstaltungsverwaltung jeder Veranstaltung und für Ihr ganzes Konto unter Sicherheit. Filtern, durchsuchen und als CSV herunterladen; Einträge werden ein Jahr lang aufbewahrt.',
    },
  },
  {
    date: '2026-11-28',
    text: {
      en: 'Data retention: on an event\'s compliance screen, choose to delete or anonymise its viewers\' data 30 to 365 days after the event; the statistics stay. "Download my data" on your profile gives you everything stored for your account as one file, and deleting your account removes all of it.',
      de: 'Aufbewahrung der Daten: Auf der Compliance-Seite einer Veranstaltung legen Sie fest, dass die Daten ihrer Zuschauer 30 bis 365 Tage nach der Veranstaltung gelöscht oder anonymisiert werden; die Statistik bleibt. „Meine Daten herunterladen“ in Ihrem Profil gibt Ihnen alles, was zu Ihrem Konto gespeichert ist, in einer Datei, und das Löschen Ihres Kontos entfernt alles davon.',
    },
  },
  {
    date: '2026-11-28',
    text: {
      en: 'Webhooks: under Account → Webhooks, send registrations, invitees’ sign-ins, messages, approved questions, closed polls and page state changes to your CRM or marketing tools as signed Standard Webhooks deliveries, with a delivery log, "Send again" and "Send test".',
      de: 'Webhooks: Senden Sie unter Konto → Webhooks Registrierungen, Anmeldungen von Eingeladenen, Nachrichten, freigegebene Fragen, geschlossene Umfragen und Zustandswechsel der Seite als signierte Standard-Webhooks-Zustellungen an Ihr CRM oder Ihre Marketing-Werkzeuge, mit Zustellprotokoll, „Erneut senden“ und „Test senden“.',
    },
  },
  {
    date: '2026-11-28',
    text: {
      en: 'Reminders: when your event has a start date and time, registrants and invitees get a reminder a day and an hour before it, each in their language with their personal link. After the event, a follow-up mail thanks those who attended and offers the replay to those who missed it.',
      de: 'Erinnerungen: Hat Ihre Veranstaltung ein Startdatum mit Uhrzeit, erhalten Registrierte und Eingeladene einen Tag und eine Stunde vorher eine Erinnerung, jeweils in ihrer Sprache mit ihrem persönlichen Link. Nach der Veranstaltung dankt eine Nachfassmail den Teilnehmenden und bietet allen, die sie verpasst haben, die Aufzeichnung an.',
    },
  },
  {
    date: '2026-11-28',
    text: {
      en: 'Countdown, replay and page states: give the start a time zone and a duration, and the event page counts down before it (with your waiting text and "add to calendar" links), shows the player live, and a thank-you with the replay afterwards. Switch the state yourself at any moment, or put the replay on demand; open pages follow within seconds.',
      de: 'Countdown, Aufzeichnung und Seitenzustände: Geben Sie dem Beginn eine Zeitzone und eine Dauer, und die Veranstaltungsseite zählt vorher herunter (mit Ihrem Wartetext und Links „Zum Kalender hinzufügen“), zeigt live den Player und danach einen Dank mit der Aufzeichnung. Schalten Sie den Zustand jederzeit selbst um oder stellen Sie die Aufzeichnung auf Abruf bereit; geöffnete Seiten folgen innerhalb von Sekunden.',
    },
  },
  {
    date: '2026-11-28',
    text: {
      en: 'Attendance: the registrations and invitations lists show when each person joined, was last seen and how long they watched, with their questions and poll answers in the detail and the CSV export; the stats show the attendance rate.',
      de: 'Teilnahme: Die Listen der Registrierungen und Einladungen zeigen, wann jede Person dabei war, zuletzt gesehen wurde und wie lange sie zugesehen hat, mit ihren Fragen und Umfrageantworten im Detail und im CSV-Export; die Statistik zeigt die Teilnahmequote.',
    },
  },
  {
    date: '2026-11-28',
    text: {
      en: 'Access overview: each event shows who may see its page, how many registered, were invited or came in, with links to the lists and the access settings.',
      de: 'Zugangsübersicht: Jede Veranstaltung zeigt, wer ihre Seite sehen darf und wie viele sich registriert haben, eingeladen wurden oder hereingekommen sind, mit Links zu den Listen und den Zugangseinstellungen.',
    },
  },
  {
    date: '2026-11-28',
    text: {
      en: 'Dates everywhere follow the time zone in your settings, and "Always show help" keeps the explanations of each screen open. When something goes wrong, you can send us a report with one click.',
      de: 'Datumsangaben folgen überall der Zeitzone aus Ihren Einstellungen, und „Hilfe immer anzeigen“ lässt die Erklärungen jeder Seite geöffnet. Geht etwas schief, können Sie uns mit einem Klick einen Bericht senden.',
    },
  },
  {
    date: '2026-11-24',
    text: {
      en: 'Plans and billing: see your plan, its limits and what you use of them, upgrade through our reseller (prices excluding VAT, 50% off yearly), and open your receipts under Billing.',
      de: 'Tarife und Abrechnung: Sehen Sie Ihren Tarif, seine Grenzen und Ihre Nutzung, wechseln Sie über unseren Händler (Preise zzgl. MwSt., 50 % Rabatt bei jährlicher Zahlung) und öffnen Sie Ihre Belege unter Abrechnung.',
    },
  },
  {
    date: '2026-11-24',
    text: {
      en: 'Custom domains: serve your event pages from your own domain; we check its DNS record and activate it (this can take up to 24 hours).',
      de: 'Eigene Domains: Liefern Sie Ihre Veranstaltungsseiten unter Ihrer eigenen Domain aus; wir prüfen den DNS-Eintrag und aktivieren sie (das kann bis zu 24 Stunden dauern).',
    },
  },
  {
    date: '2026-11-24',
    text: {
      en: 'Sharing: give other accounts access to an event, and hand an event over to a new owner. Enterprise admins see their members and all their events in one overview.',
      de: 'Freigaben: Geben Sie anderen Konten Zugriff auf eine Veranstaltung und übergeben Sie eine Veranstaltung an neue Eigentümer. Enterprise-Admins sehen ihre Mitglieder und alle deren Veranstaltungen in einer Übersicht.',
    },
  },
  {
    date: '2026-11-24',
    text: {
      en: 'Live stats: page views and concurrent viewers per minute, per channel, while your event runs, with CSV downloads of the last 30 and 14 days.',
      de: 'Live-Statistik: Seitenaufrufe und gleichzeitige Zuschauer pro Minute und Kanal, während Ihre Veranstaltung läuft, mit CSV-Downloads der letzten 30 und 14 Tage.',
    },
  },
  {
    date: '2026-11-24',
    text: {
      en: 'Access: protect an event page with a code, a registration, personal invitations or your company’s single sign-on. Import invitations from CSV, send invitation and registration emails, and see every login.',
      de: 'Zugang: Schützen Sie eine Veranstaltungsseite mit einem Code, einer Registrierung, persönlichen Einladungen oder dem Single Sign-on Ihres Unternehmens. Importieren Sie Einladungen aus CSV, versenden Sie Einladungs- und Registrierungs-E-Mails und sehen Sie jede Anmeldung.',
    },
  },
  {
    date: '2026-11-24',
    text: {
      en: 'Messages: viewers ask questions on the event page; approve, answer, pin and archive them in the inbox, live. A guest link lets a moderator help without an account.',
      de: 'Nachrichten: Zuschauer stellen auf der Veranstaltungsseite Fragen; geben Sie sie im Posteingang live frei, beantworten, heften und archivieren Sie sie. Über einen Gastlink hilft eine Moderation ohne eigenes Konto.',
    },
  },
  {
    date: '2026-11-23',
    text: {
      en: 'Events: create event pages with a player, text, agenda, highlights, navigation and your own colours, fonts, logo and layout (classic, modern or tube). Channels give an event further versions, for example one per language.',
      de: 'Veranstaltungen: Erstellen Sie Veranstaltungsseiten mit Player, Text, Agenda, Highlights, Navigation und Ihren eigenen Farben, Schriften, Logo und Layout (klassisch, modern oder Tube). Kanäle geben einer Veranstaltung weitere Fassungen, etwa eine pro Sprache.',
    },
  },
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
