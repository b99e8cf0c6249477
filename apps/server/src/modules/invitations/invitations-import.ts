import { randomUUID } from 'node:crypto';
import {
  fields,
  INVITATION_NAME_MAX,
  INVITATION_PASSWORD_MAX,
  singleLineText,
  validationMessage,
  type InvitationImportColumn,
  type InvitationImportMapping,
  type InvitationImportReport,
  type InvitationImportReportRow,
  type invitationImportFieldsSchema,
} from '@livent/shared';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, InvitationsTable } from '../../db/schema.js';
import { generatePassword, newPersonalToken } from './invitation-secrets.js';
import type { ParsedRow, ReadFile } from './invitations-import-file.js';

/** The CSV import of invitations (ADR 026, "Import"): the plan and its writing. */

export type ImportFields = z.output<typeof invitationImportFieldsSchema>;

/** Rows per multi-row statement: 12 columns × 1000 stays far under SQLite's 32766 parameters. */
export const IMPORT_CHUNK_ROWS = 1000;
/** The personal link's token as the gate accepts it (invitation-access.ts). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** What an existing invitation holds that the import compares and may change. */
export interface ExistingInvitation {
  id: string;
  name: string;
  email: string;
  username: string;
  password: string;
  token: string;
  access_version: number;
}

export interface InvitationUpdate {
  id: string;
  name: string;
  password: string;
  token: string;
  access_version: number;
}

export interface ImportPlan {
  inserts: Insertable<InvitationsTable>[];
  updates: InvitationUpdate[];
  /** Ids deleted in the replace mode. */
  deletes: string[];
  report: InvitationImportReportRow[];
}

const nameSchema = singleLineText({ min: 1, max: INVITATION_NAME_MAX, trim: true });
const passwordSchema = singleLineText({ min: 1, max: INVITATION_PASSWORD_MAX, trim: true });
const emailSchema = fields.email();

type Refusal = { field: string; reason: string };

function check<T>(schema: z.ZodType<T>, value: string, field: string): T | Refusal {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  return { field, reason: result.error.issues[0]?.message ?? validationMessage('invalid') };
}
const refused = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && 'reason' in value;

/**
 * Compares the file with the event's invitations and decides each row: added, updated (by
 * email), unchanged or refused with the reason. Pure but for `tokenTaken`, which says which of
 * the imported tokens other events' invitations hold (the index is global).
 */
export function planImport(input: {
  eventId: string;
  rows: ParsedRow[];
  mapping: InvitationImportMapping;
  fields: ImportFields;
  existing: ExistingInvitation[];
  tokensOfOthers: ReadonlySet<string>;
  now: string;
}): ImportPlan {
  const { mapping, fields: modes } = input;
  const columnOf = (target: InvitationImportColumn) => {
    const entry = Object.entries(mapping).find(([, column]) => column === target);
    return entry ? Number(entry[0]) : undefined;
  };
  const columns = {
    name: columnOf('name'),
    email: columnOf('email'),
    password: modes.passwordMode === 'import' ? columnOf('password') : undefined,
    token: modes.tokenMode === 'import' ? columnOf('token') : undefined,
  };
  const cell = (row: ParsedRow, index: number | undefined) =>
    index === undefined ? '' : (row.cells[index] ?? '').trim();

  const byEmail = new Map(input.existing.map((invitation) => [invitation.email, invitation]));
  const seenEmails = new Set<string>();
  const seenTokens = new Set<string>();
  const plan: ImportPlan = { inserts: [], updates: [], deletes: [], report: [] };
  const kept = new Set<string>();
  const pending: {
    row: ParsedRow;
    email: string;
    name: string;
    password: string;
    token: string;
  }[] = [];

  for (const row of input.rows) {
    const rawEmail = cell(row, columns.email);
    const rawName = cell(row, columns.name);
    const report = (fields: Partial<InvitationImportReportRow>) =>
      plan.report.push({
        line: row.line,
        email: rawEmail,
        name: rawName,
        result: 'refused',
        ...fields,
      });
    const email = check(emailSchema, rawEmail, 'email');
    if (refused(email)) {
      report(email);
      continue;
    }
    if (seenEmails.has(email)) {
      report({ field: 'email', reason: validationMessage('duplicateInFile') });
      continue;
    }
    seenEmails.add(email);
    // A row that names an existing invitation keeps it in the replace mode, even when refused.
    const current = byEmail.get(email);
    if (current) kept.add(current.id);
    const name = rawName === '' ? '' : check(nameSchema, rawName, 'name');
    if (refused(name)) {
      report(name);
      continue;
    }
    const rawPassword = cell(row, columns.password);
    const password = rawPassword === '' ? '' : check(passwordSchema, rawPassword, 'password');
    if (refused(password)) {
      report(password);
      continue;
    }
    const token = cell(row, columns.token);
    if (token !== '') {
      if (!TOKEN_PATTERN.test(token)) {
        report({ field: 'token', reason: validationMessage('invalid') });
        continue;
      }
      if (seenTokens.has(token)) {
        report({ field: 'token', reason: validationMessage('duplicateInFile') });
        continue;
      }
      seenTokens.add(token);
      if (input.tokensOfOthers.has(token)) {
        report({ field: 'token', reason: validationMessage('inUse') });
        continue;
      }
    }
    pending.push({ row, email, name, password, token });
  }

  const survivors = input.existing.filter(
    (invitation) => modes.importMode === 'add' || kept.has(invitation.id),
  );
  if (modes.importMode === 'replace') {
    plan.deletes = input.existing.filter((invitation) => !kept.has(invitation.id)).map((i) => i.id);
  }
  // Usernames and tokens the invitations that stay hold, each with its owner.
  const usernames = new Map(survivors.map((invitation) => [invitation.username, invitation.id]));
  const tokens = new Map(survivors.map((invitation) => [invitation.token, invitation.id]));

  for (const { row, email, name, password, token } of pending) {
    const current = byEmail.get(email);
    const base = { line: row.line, email, name: name || current?.name || email };
    const clash = (map: Map<string, string>, value: string) => {
      const owner = map.get(value);
      return owner !== undefined && owner !== current?.id;
    };
    if (token !== '' && clash(tokens, token)) {
      plan.report.push({
        ...base,
        result: 'refused',
        field: 'token',
        reason: validationMessage('inUse'),
      });
      continue;
    }
    if (!current) {
      // A new invitation's username is its email; another invitation may have chosen it.
      if (clash(usernames, email)) {
        plan.report.push({
          ...base,
          result: 'refused',
          field: 'email',
          reason: validationMessage('inUse'),
        });
        continue;
      }
      const newPassword = modes.passwordMode === 'remove' ? '' : password || generatePassword();
      const newToken = token || newPersonalToken();
      usernames.set(email, email);
      plan.inserts.push({
        id: randomUUID(),
        event_id: input.eventId,
        name: base.name,
        email,
        username: email,
        password: newPassword,
        token: newToken,
        access_version: 1,
        logins: 0,
        last_login_at: null,
        mail_id: null,
        created_at: input.now,
      });
      plan.report.push({ ...base, result: 'added' });
      continue;
    }
    const nextPassword =
      modes.passwordMode === 'remove'
        ? ''
        : modes.passwordMode === 'generate'
          ? generatePassword()
          : password || current.password;
    const nextToken = modes.tokenMode === 'generate' ? newPersonalToken() : token || current.token;
    const nextName = name || current.name;
    const endsAccess = nextPassword !== current.password || nextToken !== current.token;
    if (!endsAccess && nextName === current.name) {
      plan.report.push({ ...base, result: 'unchanged' });
      continue;
    }
    tokens.set(nextToken, current.id);
    plan.updates.push({
      id: current.id,
      name: nextName,
      password: nextPassword,
      token: nextToken,
      // A new password or link ends the access the old one gave (ADR 026).
      access_version: current.access_version + (endsAccess ? 1 : 0),
    });
    plan.report.push({ ...base, result: 'updated' });
  }
  plan.report.sort((a, b) => a.line - b.line);
  return plan;
}

function chunks<T>(items: readonly T[], size = IMPORT_CHUNK_ROWS): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}

/** The event's invitations as the import compares them. */
export function loadExisting(db: Kysely<Database>, eventId: string): Promise<ExistingInvitation[]> {
  return db
    .selectFrom('invitations')
    .select(['id', 'name', 'email', 'username', 'password', 'token', 'access_version'])
    .where('event_id', '=', eventId)
    .execute();
}

/** Which of `tokens` invitations of other events hold (the token index is global). */
export async function tokensOfOtherEvents(
  db: Kysely<Database>,
  eventId: string,
  tokens: string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const chunk of chunks(tokens)) {
    const rows = await db
      .selectFrom('invitations')
      .select('token')
      .where('token', 'in', chunk)
      .where('event_id', '!=', eventId)
      .execute();
    for (const row of rows) taken.add(row.token);
  }
  return taken;
}

/**
 * Writes the plan in one transaction, so that a failure anywhere leaves the list as it was:
 * deletes first (their usernames and tokens become free), then updates and inserts, each as
 * multi-row statements of IMPORT_CHUNK_ROWS rows.
 */
export async function applyImport(
  db: Kysely<Database>,
  eventId: string,
  plan: Pick<ImportPlan, 'inserts' | 'updates' | 'deletes'>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const ids of chunks(plan.deletes)) {
      await trx
        .deleteFrom('invitations')
        .where('event_id', '=', eventId)
        .where('id', 'in', ids)
        .execute();
    }
    // No token moves between invitations: the plan refuses a token another one still holds, so
    // the updates cannot trip the unique index against each other.
    for (const chunk of chunks(plan.updates)) await updateChunk(trx, eventId, chunk);
    for (const chunk of chunks(plan.inserts)) {
      await trx.insertInto('invitations').values(chunk).execute();
    }
  });
}

/**
 * One UPDATE … FROM (VALUES …) for many rows (PostgreSQL and SQLite 3.33+ both name the
 * VALUES columns column1…).
 */
async function updateChunk(
  trx: Transaction<Database>,
  eventId: string,
  chunk: InvitationUpdate[],
): Promise<void> {
  const values = sql.join(
    chunk.map(
      (update) =>
        sql`(${update.id}, ${update.name}, ${update.password}, ${update.token}, ${String(update.access_version)})`,
    ),
  );
  await sql`update invitations set name = v.column2, password = v.column3, token = v.column4,
    access_version = cast(v.column5 as integer)
    from (values ${values}) as v
    where invitations.id = v.column1 and invitations.event_id = ${eventId}`.execute(trx);
}

export function summary(file: ReadFile, plan: ImportPlan): InvitationImportReport {
  const count = (result: InvitationImportReportRow['result']) =>
    plan.report.filter((row) => row.result === result).length;
  return {
    delimiter: file.delimiter,
    encoding: file.encoding,
    replacedCharacters: file.replacedCharacters,
    hasHeader: file.hasHeader,
    added: count('added'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    refused: count('refused'),
    removed: plan.deletes.length,
    report: plan.report,
  };
}
