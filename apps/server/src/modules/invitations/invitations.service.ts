import { randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  INVITATIONS_EXPORT_MAX,
  MAIL_STATUSES,
  INVITATION_MAIL_PLACEHOLDERS,
  validationMessage,
  type AccessMailTexts,
  type Invitation,
  type MailSendMode,
  type MailSendResult,
  type InvitationImportPreview,
  type MailStatus,
  type Language,
  type InvitationsPage,
  type invitationCreateSchema,
  type invitationPatchSchema,
  type invitationsExportQuerySchema,
  type invitationsQuerySchema,
} from '@livent/shared';
import type { Kysely, Updateable } from 'kysely';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database, InvitationsTable } from '../../db/schema.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import {
  ATTENDANCE_CSV_KEYS,
  attendanceCells,
  NO_ATTENDANCE,
  attendanceOf,
  deleteAttendance,
} from '../attendance/index.js';
import type { Clock } from '../../lib/clock.js';
import { csvStream } from '../../lib/csv.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import { SERVER_RESOURCES, translator } from '../../lib/i18n/i18n.js';
import {
  accessMailLanguage,
  limitSend,
  requireMailFeature,
  sendInBatches,
  recordListMails,
} from '../../lib/mailer/access-mail-send.js';
import type { Mailer } from '../../lib/mailer/mailer.js';
import { defaultAccessMailText } from '../../lib/mailer/templates/access-mail.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AuthContext } from '../auth/index.js';
import { ownerPlanOf } from '../plans/index.js';
import { type AccessibleEvent, readEventSettings, requireEventRole } from '../events/index.js';
import type { EventCalendars } from '../calendar/index.js';
import type { InvitationAccess } from './invitation-access.js';
import { generatePassword, newPersonalToken } from './invitation-secrets.js';
import {
  applyPackedImport,
  loadExisting,
  tokensOfOtherEvents,
  unpackRows,
  type ImportFields,
  type InvitationUpdate,
} from './invitations-import.js';
import { withImportLock } from './invitations-import-lock.js';
import { inImportWorker } from './invitations-import-thread.js';
import {
  deleteInvitation,
  findClashes,
  findInvitation,
  firstInvitation,
  invitationsToMail,
  insertInvitation,
  listInvitations,
  listInvitationsInBatches,
  updateInvitation,
  type InvitationRow,
  type ListedInvitation,
} from './invitations.repository.js';

export interface InvitationsDependencies {
  db: Kysely<Database>;
  now: Clock;
  eventsUrl: string;
  /** Told of every change, so that this instance ends the access it gave at once. */
  access: InvitationAccess;
  mailer: Mailer;
  limiter: RateLimiter;
  limits: AbuseLimits;
  /** The invitation each mail carries when the event's start is a date (ADR 064). */
  calendars: EventCalendars;
}

export interface InvitationsExport {
  filename: string;
  body: Readable;
}

export const INVITATIONS_CSV_COLUMNS = [
  'createdAt',
  'name',
  'email',
  'username',
  'password',
  'personalLink',
  'logins',
  'lastLoginAt',
  'mailStatus',
  ...ATTENDANCE_CSV_KEYS,
] as const;

const toMailStatus = (value: string | null): MailStatus | null =>
  value !== null && (MAIL_STATUSES as readonly string[]).includes(value)
    ? (value as MailStatus)
    : null;

/** The organisers' invitations of an event (docs/product-spec.md section 2, access/invitationlist). */
export class InvitationsService {
  constructor(private readonly deps: InvitationsDependencies) {}

  personalLink(slug: string, token: string): string {
    return new URL(`/${slug}/_access/i/${token}`, this.deps.eventsUrl).toString();
  }

  eventLink(slug: string): string {
    return new URL(`/${slug}`, this.deps.eventsUrl).toString();
  }

  private view(slug: string, row: ListedInvitation): Invitation {
    return {
      id: row.id,
      createdAt: row.created_at,
      name: row.name,
      email: row.email,
      username: row.username,
      password: row.password,
      personalLink: this.personalLink(slug, row.token),
      logins: row.logins,
      lastLoginAt: row.last_login_at,
      mailStatus: toMailStatus(row.mail_status),
      attendance: attendanceOf(row),
    };
  }

  async list(
    auth: AuthContext,
    eventId: string,
    query: z.output<typeof invitationsQuerySchema>,
  ): Promise<InvitationsPage> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    const { rows, total } = await listInvitations(this.deps.db, event.id, query);
    return {
      results: rows.map((row) => this.view(event.slug, row)),
      page: query.page,
      pageSize: query.pageSize,
      total,
    };
  }

  /** A clear field error for a username or email another invitation of the event has. */
  private async refuseClashes(
    eventId: string,
    values: { username?: string; email?: string },
    exceptId?: string,
  ): Promise<void> {
    const clashes = await findClashes(this.deps.db, eventId, values, exceptId);
    const errors: Record<string, string> = {};
    if (clashes.username) errors.username = validationMessage('inUse');
    if (clashes.email) errors.email = validationMessage('inUse');
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
  }

  /** A race lost to the unique index after the friendly check: the same field error. */
  private async uniqueRace<T>(
    eventId: string,
    values: { username?: string; email?: string },
    exceptId: string | undefined,
    write: () => Promise<T>,
  ): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.refuseClashes(eventId, values, exceptId);
      throw error;
    }
  }

  async create(
    auth: AuthContext,
    eventId: string,
    input: z.output<typeof invitationCreateSchema>,
  ): Promise<Invitation> {
    const { db, now } = this.deps;
    const event = await requireEventRole(db, auth, eventId);
    const username = input.username ?? input.email;
    await this.refuseClashes(event.id, { username, email: input.email });
    const row: InvitationRow = {
      id: randomUUID(),
      event_id: event.id,
      name: input.name,
      email: input.email,
      username,
      password: input.password ?? generatePassword(),
      token: newPersonalToken(),
      access_version: 1,
      logins: 0,
      last_login_at: null,
      mail_id: null,
      created_at: now().toISOString(),
      language: null,
    };
    await this.uniqueRace(event.id, { username, email: input.email }, undefined, () =>
      insertInvitation(db, row),
    );
    return this.view(event.slug, { ...row, mail_status: null, ...NO_ATTENDANCE });
  }

  async update(
    auth: AuthContext,
    eventId: string,
    invitationId: string,
    input: z.output<typeof invitationPatchSchema>,
  ): Promise<Invitation> {
    const { db, access } = this.deps;
    const event = await requireEventRole(db, auth, eventId);
    const current = await findInvitation(db, event.id, invitationId);
    if (!current) throw notFound(ERROR_MESSAGES.invitationNotFound);
    const changes: Updateable<InvitationsTable> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.email !== undefined && input.email !== current.email) changes.email = input.email;
    if (input.username !== undefined && input.username !== current.username) {
      changes.username = input.username;
    }
    if (input.password !== undefined && input.password !== current.password) {
      changes.password = input.password;
    }
    if (input.renewPersonalLink) changes.token = newPersonalToken();
    if (Object.keys(changes).length === 0) return this.view(event.slug, current);
    const clashing = { username: changes.username, email: changes.email };
    await this.refuseClashes(event.id, clashing, current.id);
    // Whoever signed in with the old username, password or link is signed out (ADR 026).
    const ends = Boolean(changes.username ?? changes.password ?? changes.token);
    const updated = await this.uniqueRace(event.id, clashing, current.id, () =>
      updateInvitation(db, event.id, current.id, changes, ends),
    );
    if (!updated) throw notFound(ERROR_MESSAGES.invitationNotFound);
    await access.forget(event.id, [current.id]);
    return this.view(event.slug, { ...current, ...updated });
  }

  async remove(auth: AuthContext, eventId: string, invitationId: string): Promise<void> {
    const { db, access } = this.deps;
    const event = await requireEventRole(db, auth, eventId);
    if (!(await deleteInvitation(db, event.id, invitationId))) {
      throw notFound(ERROR_MESSAGES.invitationNotFound);
    }
    // Their attendance goes with them (ADR 066).
    await deleteAttendance(db, event.id, 'invitation', [invitationId]);
    await access.forget(event.id, [invitationId]);
  }

  /** Refuses (404) whoever may not change the event's invitations, before a body is read. */
  async checkImport(auth: AuthContext, eventId: string): Promise<void> {
    await requireEventRole(this.deps.db, auth, eventId);
  }

  /**
   * The CSV import (ADR 026, "Import"): with `preview`, the first rows, what was detected and
   * how many rows would be refused, nothing written; otherwise the rows are compared with the
   * list and written, and the answer is the report as JSON. One import at a time per event;
   * imports and previews rate limited per account; the file is read and planned in a worker
   * thread (ADR 046).
   */
  async import(
    auth: AuthContext,
    eventId: string,
    bytes: Buffer,
    fields: ImportFields,
  ): Promise<{ preview: InvitationImportPreview } | { report: string }> {
    const { db, now, access, limiter, limits } = this.deps;
    const event = await requireEventRole(db, auth, eventId);
    await limiter.consume([limits.importsPerAccount, auth.user.id]);
    const plan = async () =>
      inImportWorker(
        {
          bytes,
          fields,
          eventId: event.id,
          existing: await loadExisting(db, event.id),
          now: now().toISOString(),
        },
        (tokens) => tokensOfOtherEvents(db, event.id, tokens),
      );
    // A preview writes nothing: the dashboard's several at once need no lock.
    if (fields.preview) return plan();
    return withImportLock(db, now, event.id, async () => {
      const job = await plan();
      if (!('plan' in job)) return job;
      await applyPackedImport(db, event.id, job.plan);
      // Deleted invitations and new passwords or links end the access they gave at once here.
      const { deletes, updates } = job.plan;
      const updated = [...unpackRows<InvitationUpdate>(updates)].flat();
      await access.forget(event.id, [
        ...[...unpackRows<string>(deletes)].flat(),
        ...updated.map((update) => update.id),
      ]);
      return { report: job.report };
    });
  }

  /** The sorted, searched list as CSV in the user's delimiter (streamed, capped). */
  async export(
    auth: AuthContext,
    eventId: string,
    query: z.output<typeof invitationsExportQuerySchema>,
    language: Language,
  ): Promise<InvitationsExport> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    const labels = SERVER_RESOURCES[language].exports.invitations;
    const rows = listInvitationsInBatches(this.deps.db, event.id, query, INVITATIONS_EXPORT_MAX);
    const slug = event.slug;
    const view = (row: ListedInvitation) => this.view(slug, row);
    const records = (async function* records() {
      for await (const row of rows) {
        const invitation = view(row);
        yield {
          createdAt: invitation.createdAt,
          name: invitation.name,
          email: invitation.email,
          username: invitation.username,
          password: invitation.password,
          personalLink: invitation.personalLink,
          logins: String(invitation.logins),
          lastLoginAt: invitation.lastLoginAt ?? '',
          mailStatus: invitation.mailStatus ? labels.mailStatus[invitation.mailStatus] : '',
          ...attendanceCells(invitation.attendance),
        };
      }
    })();
    return {
      filename: `invitations-${event.slug}.csv`,
      body: csvStream(records, {
        delimiter: auth.user.csv_delimiter,
        columns: INVITATIONS_CSV_COLUMNS.map((key) => ({ key, header: labels.columns[key] })),
      }),
    };
  }

  /**
   * The default subjects and bodies of invitation and registration mails in the event's
   * language (German, or else English), placeholders unfilled: the dashboard shows them where
   * the organiser's text is empty and offers them as "reset to default".
   */
  async mailTexts(auth: AuthContext, eventId: string): Promise<AccessMailTexts> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    const language = accessMailLanguage(readEventSettings(event).language);
    const t = translator(language, 'emails');
    return {
      language,
      invitation: defaultAccessMailText(t, 'invitation'),
      registration: defaultAccessMailText(t, 'registration'),
    };
  }

  /** The placeholders' values of one invitation's mail. */
  private mailValues(
    event: AccessibleEvent,
    row: Pick<InvitationRow, 'name' | 'username' | 'password' | 'token'>,
  ): Record<string, string> {
    return {
      Name: row.name,
      Username: row.username,
      Password: row.password,
      PersonalLink: this.personalLink(event.slug, row.token),
      EventName: event.title,
      EventLink: this.eventLink(event.slug),
    };
  }

  /**
   * The invitation mails (ADR 026, "Invitation and registration emails"): `unsent` to the
   * invitations without a mail yet, `all` to every one, `test` one to the signed-in user filled
   * with the first invitation's values (or the user's own and a sample password when there is
   * none). The owner or a shared user (ADR 031), with INVITATION_EMAILS in the owner's plan;
   * limited per event (429).
   */
  async sendMails(auth: AuthContext, eventId: string, mode: MailSendMode): Promise<MailSendResult> {
    const { db, mailer, limiter, limits } = this.deps;
    const event = await requireEventRole(db, auth, eventId);
    requireMailFeature(ownerPlanOf(event, this.deps.now()).allowance);
    await limitSend(limiter, limits, {
      list: 'invitation',
      mode,
      eventId: event.id,
      userId: auth.user.id,
    });
    const settings = readEventSettings(event);
    const language = accessMailLanguage(settings.language);
    const text = { subject: settings.invitationMailSubject, body: settings.invitationMailBody };
    if (mode === 'test') {
      const first = await firstInvitation(db, event.id);
      const values = first
        ? this.mailValues(event, first)
        : this.mailValues(event, {
            name: auth.user.name,
            username: auth.user.email,
            password: generatePassword(),
            token: newPersonalToken(),
          });
      const mail = await db.transaction().execute((trx) =>
        mailer.enqueue(trx, {
          userId: auth.user.id,
          to: auth.user.email,
          language,
          template: 'invitation',
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
      template: 'invitation',
      language,
      text,
      placeholders: INVITATION_MAIL_PLACEHOLDERS,
      // The list's mails belong to the owner's account, whoever sends them (ADR 031).
      userId: event.owner_id,
      nextBatch: async (after, limit) =>
        (await invitationsToMail(db, event.id, { after, limit, unsentOnly })).map((row) => ({
          id: row.id,
          createdAt: row.created_at,
          email: row.email,
          values: this.mailValues(event, row),
        })),
      record: (trx, mails) =>
        recordListMails(trx, 'invitations', event.id, mails, unsentOnly, language),
      calendar: calendar && this.deps.calendars.invitationOf(calendar, 'invitations', 'REQUEST'),
    });
  }
}
