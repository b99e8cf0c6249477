import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ERROR_MESSAGES,
  REGISTRATION_MAIL_PLACEHOLDERS,
  linkLikeText,
  textProblem,
  type MailSendMode,
  type MailSendResult,
  type MailStatus,
  type EventSettings,
  type Language,
  type Registration,
  type RegistrationsPage,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import {
  ATTENDANCE_CSV_KEYS,
  attendanceCells,
  attendanceOf,
  deleteAttendance,
} from '../attendance/index.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken } from '../../lib/crypto.js';
import { csvStream } from '../../lib/csv.js';
import { isHttpError, notFound } from '../../lib/errors.js';
import { announceChange } from '../../lib/change-notices.js';
import { SERVER_RESOURCES } from '../../lib/i18n/i18n.js';
import {
  accessMailLanguage,
  limitSend,
  requireMailFeature,
  sendInBatches,
  recordListMails,
} from '../../lib/mailer/access-mail-send.js';
import type { Mailer, QueuedMail } from '../../lib/mailer/mailer.js';
import { clientAddressKey, type LimitCheck, type RateLimiter } from '../../lib/rate-limiter.js';
import type { AuthContext } from '../auth/index.js';
import { ownerPlanOf } from '../plans/index.js';
import { readEventSettings, requireEventRole } from '../events/index.js';
import type { EventCalendars } from '../calendar/index.js';
import type { WebhookEmitter } from '../webhooks/index.js';
import {
  deleteRegistration,
  findRegistrationByEmail,
  findRegistrationByToken,
  firstRegistration,
  registrationsToMail,
  insertRegistration,
  listRegistrations,
  listRegistrationsInBatches,
  registrationExists,
  updateRegistration,
  type ListedRegistration,
  type ListQuery,
  type RegistrationRow,
} from './registrations.repository.js';

/** The export's cap: a bound on one request's work, far beyond one event's audience. */
export const REGISTRATIONS_EXPORT_MAX = 200_000;
const EXPORT_BATCH = 1_000;
/**
 * How long an instance trusts that a registration still exists: deleting one ends its access at
 * once on the instance that deleted it and within this time on the others (ADR 026).
 */
export const REGISTRATION_CHECK_TTL_MS = 10_000;

export const REGISTRATION_NAME_MAX = 100;
export const REGISTRATION_FIELD_VALUE_MAX = 500;

/** Why a registration form came back; the gate words each in the viewer's language. */
export type RegistrationFieldError =
  'required' | 'email' | 'emailNotAllowed' | 'tooLong' | 'invalidCharacters' | 'link';

export interface RegistrationForm {
  name: string;
  email: string;
  /** The additional fields' values by field name. */
  fields: Record<string, string>;
}

/** The event as the gate knows it. */
export interface GateEvent {
  id: string;
  slug: string;
  title: string;
  settings: EventSettings;
  /** The language of the page the viewer registered on; mails go in it (English unless German). */
  language: string;
  /** The visible channel whose page the viewer registered on; the personal link leads back to it. */
  channelSlug?: string;
}

export type RegisterOutcome =
  | { outcome: 'granted'; registrationId: string }
  /** The verify mode: a mail with the personal link went out (or was already on its way). */
  | { outcome: 'checkInbox' }
  | {
      outcome: 'invalid';
      errors: Partial<Record<string, RegistrationFieldError>>;
      values: RegistrationForm;
    }
  | { outcome: 'limited'; retryAfterSeconds: number };

export interface RegistrationsDependencies {
  db: Kysely<Database>;
  now: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: AbuseLimits;
  eventsUrl: string;
  /** The invitation each mail carries when the event's start is a date (ADR 064). */
  calendars: EventCalendars;
  /** Tells the owner's webhooks of new registrations (ADR 072). */
  webhooks?: WebhookEmitter;
}

const emailSchema = z.email();

/** The host part of an address, lowercased. */
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** The gate's texts are one line each, as the JSON API's one-line texts (no control characters). */
const SINGLE_LINE = { singleLine: true, required: false };

/**
 * The viewer's name as mails show it: the gate refuses one that reads as a link, and one stored
 * before it did is left out rather than linked by the reader's mail client (ADR 047).
 */
const nameForMail = (name: string) => (linkLikeText(name) ? '' : name);

/**
 * Viewers' registrations for events in the registration access mode (ADR 026): the gate's form
 * and personal link, and the organisers' list, export and deletion.
 */
export class RegistrationsService {
  /** Registrations known to exist, by id (see {@link REGISTRATION_CHECK_TTL_MS}). */
  private readonly known: LRUCache<string, true>;

  constructor(private readonly deps: RegistrationsDependencies) {
    this.known = new LRUCache({
      max: 100_000,
      ttl: REGISTRATION_CHECK_TTL_MS,
      ttlResolution: 0,
      perf: { now: () => deps.now().getTime() },
    });
  }

  /**
   * The registration's personal link; from a channel's gate it names the channel, so that it opens
   * that page, in the language the mail was written in, and not the event's main page.
   */
  personalLink(slug: string, token: string, channelSlug?: string): string {
    const channel = channelSlug ? `?channel=${encodeURIComponent(channelSlug)}` : '';
    return `${this.deps.eventsUrl}/${slug}/_access/r/${token}${channel}`;
  }

  eventLink(slug: string): string {
    return `${this.deps.eventsUrl}/${slug}`;
  }

  /** The placeholders' values of one registration's mail. */
  private mailValues(
    event: { slug: string; title: string; channelSlug?: string },
    row: Pick<RegistrationRow, 'name' | 'email' | 'token'>,
  ): Record<string, string> {
    return {
      Name: nameForMail(row.name),
      Email: row.email,
      PersonalLink: this.personalLink(event.slug, row.token, event.channelSlug),
      EventName: event.title,
      EventLink: this.eventLink(event.slug),
    };
  }

  /**
   * The registration mails from the list (ADR 026, "Invitation and registration emails"), as
   * the invitations': `unsent`, `all` or a `test` to the signed-in user filled with the first
   * registration's values (or the user's own). The owner or a shared user (ADR 031), with
   * INVITATION_EMAILS in the owner's plan.
   */
  async sendMails(auth: AuthContext, eventId: string, mode: MailSendMode): Promise<MailSendResult> {
    const { db, mailer, limiter, limits } = this.deps;
    const event = await requireEventRole(db, auth, eventId);
    requireMailFeature(ownerPlanOf(event, this.deps.now()).allowance);
    await limitSend(limiter, limits, {
      list: 'registration',
      mode,
      eventId: event.id,
      userId: auth.user.id,
    });
    const settings = readEventSettings(event);
    const language = accessMailLanguage(settings.language);
    const text = { subject: settings.registrationMailSubject, body: settings.registrationMailBody };
    if (mode === 'test') {
      const first = await firstRegistration(db, event.id);
      const values = this.mailValues(
        event,
        first ?? { name: auth.user.name, email: auth.user.email, token: randomToken(32) },
      );
      const mail = await db.transaction().execute((trx) =>
        mailer.enqueue(trx, {
          userId: auth.user.id,
          to: auth.user.email,
          language,
          template: 'registration',
          data: { ...text, values, test: true },
        }),
      );
      mailer.afterCommit(mail);
      return { queued: 1, skipped: 0 };
    }
    const unsentOnly = mode === 'unsent';
    const calendar = await this.deps.calendars.load(db, event.id);
    return sendInBatches({
      db,
      mailer,
      eventId: event.id,
      template: 'registration',
      language,
      text,
      placeholders: REGISTRATION_MAIL_PLACEHOLDERS,
      // The list's mails belong to the owner's account, whoever sends them (ADR 031).
      userId: event.owner_id,
      nextBatch: async (after, limit) =>
        (await registrationsToMail(db, event.id, { after, limit, unsentOnly })).map((row) => ({
          id: row.id,
          createdAt: row.created_at,
          email: row.email,
          values: this.mailValues(event, row),
        })),
      record: (trx, mails) => recordListMails(trx, 'registrations', event.id, mails, unsentOnly),
      calendar: calendar && this.deps.calendars.invitationOf(calendar, 'registrations', 'REQUEST'),
    });
  }

  /** Whether a registration is known to exist right now without asking the database. */
  knownToExist(id: string): boolean {
    return this.known.has(id);
  }

  /** Whether the registration that an access cookie names still exists. */
  async exists(eventId: string, id: string): Promise<boolean> {
    if (this.known.has(id)) return true;
    const found = await registrationExists(this.deps.db, eventId, id);
    if (found) this.known.set(id, true);
    return found;
  }

  /** The form's values checked against the event's registration settings. */
  validate(
    settings: EventSettings,
    raw: Record<string, string | undefined>,
  ): { form: RegistrationForm; errors: Partial<Record<string, RegistrationFieldError>> } {
    const errors: Partial<Record<string, RegistrationFieldError>> = {};
    const text = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
    const name = text(raw.name);
    const email = text(raw.email).toLowerCase();
    if (!name) errors.name = 'required';
    else if (name.length > REGISTRATION_NAME_MAX) errors.name = 'tooLong';
    else if (textProblem(name, SINGLE_LINE)) errors.name = 'invalidCharacters';
    // The name goes into the mails to an address nobody has verified yet (ADR 047).
    else if (linkLikeText(name)) errors.name = 'link';
    if (!email) errors.email = 'required';
    else if (email.length > 254 || !emailSchema.safeParse(email).success) errors.email = 'email';
    else if (
      settings.registrationEmailDomains.length > 0 &&
      !settings.registrationEmailDomains.includes(domainOf(email))
    ) {
      errors.email = 'emailNotAllowed';
    }
    const fields: Record<string, string> = {};
    for (const field of settings.registrationFields) {
      const value = text(raw[`field_${field.name}`]);
      fields[field.name] = value;
      const key = `field_${field.name}`;
      if (!value) {
        if (field.required) errors[key] = 'required';
      } else if (field.options.length > 0 && !field.options.includes(value)) {
        // A select offers only the options: anything else did not come from the form.
        errors[key] = 'required';
      } else if (value.length > REGISTRATION_FIELD_VALUE_MAX) {
        errors[key] = 'tooLong';
      } else if (textProblem(value, SINGLE_LINE)) {
        errors[key] = 'invalidCharacters';
      }
    }
    return { form: { name, email, fields }, errors };
  }

  /**
   * A viewer's registration at the gate. Limited per viewer and per address like the code
   * (ADR 026). In the default and send modes the viewer gets access at once, also when the address
   * was registered before (the answer is the same either way, so it tells nobody who registered);
   * in the verify mode only the personal link sent by mail gives access, and registering again
   * sends it again (limited per address).
   */
  async register(
    event: GateEvent,
    raw: Record<string, string | undefined>,
    viewer: { id: string; ip: string },
  ): Promise<RegisterOutcome> {
    const { db, now, limiter, limits } = this.deps;
    try {
      await limiter.consume(
        [limits.registrationPerViewer, `${event.id}:${viewer.id}`],
        [limits.registrationPerAddress, `${event.id}:${viewer.ip}`],
      );
    } catch (error) {
      if (!isHttpError(error) || error.statusCode !== 429) throw error;
      return { outcome: 'limited', retryAfterSeconds: Number(error.headers['retry-after'] ?? 60) };
    }
    const { settings } = event;
    const { form, errors } = this.validate(settings, raw);
    if (Object.keys(errors).length > 0) return { outcome: 'invalid', errors, values: form };

    const mode = settings.registrationEmailMode;
    let registration = await findRegistrationByEmail(db, event.id, form.email);
    if (!registration) {
      const at = now().toISOString();
      const row: RegistrationRow = {
        id: randomUUID(),
        event_id: event.id,
        name: form.name,
        email: form.email,
        fields: JSON.stringify(form.fields),
        token: randomToken(32),
        verified_at: mode === 'verify' ? null : at,
        mail_id: null,
        created_at: at,
        // The page's language: the reminders and the follow-up speak it (ADR 065).
        language: event.language === 'de' ? 'de' : 'en',
      };
      try {
        await db.transaction().execute(async (trx) => {
          await insertRegistration(trx, row);
          const data = { registration: { id: row.id, name: row.name, email: row.email } };
          await this.deps.webhooks?.emit(
            { type: 'registration.created', eventId: event.id, data },
            trx,
          );
        });
        registration = row;
      } catch (error) {
        // The same address registered at the same moment: carry on with that registration.
        if (!isUniqueViolation(error)) throw error;
        registration = await findRegistrationByEmail(db, event.id, form.email);
        if (!registration) throw error;
      }
    }
    if (mode !== 'default') await this.sendLink(event, registration, viewer.ip);
    if (mode === 'verify') return { outcome: 'checkInbox' };
    this.known.set(registration.id, true);
    return { outcome: 'granted', registrationId: registration.id };
  }

  /**
   * Whether the gate may mail one more personal link (ADR 047): at most so many to an address per
   * event and across events, from one client to one event, and from one event. Counted one after
   * the other up to the first refusal, so that mails refused to one recipient or client do not use
   * up the event's. Past a cap no mail goes and the viewer's answer stays the same.
   */
  private async mayMail(eventId: string, email: string, ip: string): Promise<boolean> {
    const { limiter, limits } = this.deps;
    const caps: LimitCheck[] = [
      [limits.registrationMailPerEmail, `${eventId}:${email}`],
      [limits.registrationMailPerRecipient, email],
      [limits.registrationMailPerClient, `${eventId}:${clientAddressKey(ip)}`],
      [limits.registrationMailPerEvent, eventId],
    ];
    for (const [rule, subject] of caps) {
      if (!(await limiter.hit(rule, subject)).allowed) return false;
    }
    return true;
  }

  /**
   * The personal link by mail, registering again sends it again, both within the caps of
   * {@link mayMail}. A registration left without a mail shows so in the organiser's list, whose
   * send to the unsent ones reaches it.
   */
  private async sendLink(
    event: GateEvent,
    registration: RegistrationRow,
    ip: string,
  ): Promise<void> {
    const { db, mailer } = this.deps;
    if (!(await this.mayMail(event.id, registration.email, ip))) return;
    const { settings } = event;
    const verify = settings.registrationEmailMode === 'verify';
    const language: Language = event.language === 'de' ? 'de' : 'en';
    const data = {
      name: nameForMail(registration.name),
      eventName: event.title,
      eventLink: this.eventLink(event.slug),
      link: this.personalLink(event.slug, registration.token, event.channelSlug),
    };
    // The organiser's text, when there is one, in place of the built-in mails; in the verify
    // mode its personal link is what verifies (ADR 026, "Invitation and registration emails").
    const custom = settings.registrationMailSubject !== '' || settings.registrationMailBody !== '';
    const mail: QueuedMail = await db.transaction().execute(async (trx) => {
      const calendarEvent = await this.deps.calendars.load(trx, event.id);
      const calendar = calendarEvent
        ? this.deps.calendars.invitation(
            calendarEvent,
            {
              list: 'registrations',
              id: registration.id,
              name: nameForMail(registration.name),
              email: registration.email,
              personalLink: data.link,
            },
            'REQUEST',
          )
        : null;
      const queued = custom
        ? await mailer.enqueue(trx, {
            userId: null,
            to: registration.email,
            language,
            template: 'registration',
            data: {
              subject: settings.registrationMailSubject,
              body: settings.registrationMailBody,
              values: this.mailValues(event, registration),
            },
            calendar,
          })
        : verify
          ? await mailer.enqueue(trx, {
              userId: null,
              to: registration.email,
              language,
              template: 'registration-verify',
              data: { ...data, verify: true },
              calendar,
            })
          : await mailer.enqueue(trx, {
              userId: null,
              to: registration.email,
              language,
              template: 'registration-confirm',
              data: { ...data, verify: false },
              calendar,
            });
      await updateRegistration(trx, registration.id, { mail_id: queued.id });
      return queued;
    });
    mailer.afterCommit(mail);
  }

  /**
   * The personal link opened: the registration of this event it names, verified by the opening;
   * undefined for any other token.
   */
  async openLink(eventId: string, token: string): Promise<string | undefined> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    const registration = await findRegistrationByToken(this.deps.db, eventId, token);
    if (!registration) return undefined;
    if (!registration.verified_at) {
      await updateRegistration(this.deps.db, registration.id, {
        verified_at: this.deps.now().toISOString(),
      });
    }
    this.known.set(registration.id, true);
    return registration.id;
  }

  async list(auth: AuthContext, eventId: string, query: ListQuery): Promise<RegistrationsPage> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    const { rows, total } = await listRegistrations(this.deps.db, event.id, query);
    return {
      results: rows.map((row) => this.toRegistration(event.slug, row)),
      page: query.page,
      pageSize: query.pageSize,
      total,
    };
  }

  /** Deletes a registration; the access it gave ends with it (see {@link exists}). */
  async delete(auth: AuthContext, eventId: string, registrationId: string): Promise<void> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    if (!(await deleteRegistration(this.deps.db, event.id, registrationId))) {
      throw notFound(ERROR_MESSAGES.registrationNotFound);
    }
    // Their attendance goes with them (ADR 066).
    await deleteAttendance(this.deps.db, event.id, 'registration', [registrationId]);
    this.known.delete(registrationId);
    await announceChange(this.deps.db, 'registration', registrationId);
  }

  /** Another instance's notice: a registration deleted there (by id), or any. */
  changedElsewhere(id: string | undefined): void {
    if (id === undefined) this.known.clear();
    else this.known.delete(id);
  }

  /**
   * The filtered registrations as CSV in the user's delimiter, oldest first, the additional
   * fields as columns (streamed; at most {@link REGISTRATIONS_EXPORT_MAX} rows).
   */
  async export(
    auth: AuthContext,
    eventId: string,
    q: string | undefined,
    language: Language,
  ): Promise<{ filename: string; body: Readable }> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    const extra = readEventSettings(event).registrationFields;
    const labels = SERVER_RESOURCES[language].exports.registrations;
    const columns = [
      { key: 'createdAt', header: labels.columns.createdAt },
      { key: 'name', header: labels.columns.name },
      { key: 'email', header: labels.columns.email },
      ...extra.map((field) => ({ key: `field:${field.name}`, header: field.label })),
      { key: 'personalLink', header: labels.columns.personalLink },
      { key: 'verified', header: labels.columns.verified },
      { key: 'mailStatus', header: labels.columns.mailStatus },
      ...ATTENDANCE_CSV_KEYS.map((key) => ({ key, header: labels.columns[key] })),
    ];
    const rows = listRegistrationsInBatches(
      this.deps.db,
      event.id,
      q,
      EXPORT_BATCH,
      REGISTRATIONS_EXPORT_MAX,
    );
    const slug = event.slug;
    const toRegistration = (row: ListedRegistration) => this.toRegistration(slug, row);
    return {
      filename: `registrations-${slug}.csv`,
      body: csvStream(
        (async function* records() {
          for await (const row of rows) {
            const registration = toRegistration(row);
            const record: Record<string, string> = {
              createdAt: registration.createdAt,
              name: registration.name,
              email: registration.email,
              personalLink: registration.personalLink,
              verified: registration.verified ? labels.yes : labels.no,
              mailStatus: registration.mailStatus ? labels.mailStatus[registration.mailStatus] : '',
              ...attendanceCells(registration.attendance),
            };
            for (const field of extra) {
              record[`field:${field.name}`] = registration.fields[field.name] ?? '';
            }
            yield record;
          }
        })(),
        { delimiter: auth.user.csv_delimiter, columns },
      ),
    };
  }

  private toRegistration(slug: string, row: ListedRegistration): Registration {
    let fields: Record<string, string> = {};
    try {
      const parsed = JSON.parse(row.fields) as unknown;
      if (parsed && typeof parsed === 'object') fields = parsed as Record<string, string>;
    } catch {
      // A row written by hand: no fields rather than no list.
    }
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      fields,
      personalLink: this.personalLink(slug, row.token),
      verified: row.verified_at !== null,
      createdAt: row.created_at,
      mailStatus: (row.mail_status as MailStatus | null) ?? null,
      attendance: attendanceOf(row),
    };
  }
}
