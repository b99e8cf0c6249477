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
import { setImmediate } from 'node:timers/promises';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database, InvitationsTable } from '../../db/schema.js';
import { deleteAttendance } from '../attendance/index.js';
import { timeOrderedIds } from '../../lib/crypto.js';
import { generatePassword, newPersonalToken } from './invitation-secrets.js';
import type { ParsedRow, ReadFile } from './invitations-import-file.js';

/** The CSV import of invitations (ADR 026, "Import"): the plan and its writing. */

export type ImportFields = z.output<typeof invitationImportFieldsSchema>;

/**
 * Rows per multi-row statement: 12 columns × 250 stays far under SQLite's 32766 parameters, and
 * on SQLite, which answers synchronously, one statement holds the event loop for milliseconds
 * (ADR 046).
 */
export const IMPORT_CHUNK_ROWS = 250;
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
  // The new rows share one `created_at`; their ids keep them in the file's order in the list.
  const newId = timeOrderedIds(new Date(input.now));
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
        id: newId(),
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

/** Rows per read of the event's invitations: each read is short, and others run in between. */
const LOAD_BATCH_ROWS = 5000;

/**
 * The event's invitations as the import compares them, read in batches by email, each batch as
 * JSON (see {@link PackedRows}).
 */
export async function loadExisting(db: Kysely<Database>, eventId: string): Promise<PackedRows> {
  const packed: PackedRows = [];
  let last: string | undefined;
  for (;;) {
    const batch = await db
      .selectFrom('invitations')
      .select(['id', 'name', 'email', 'username', 'password', 'token', 'access_version'])
      .where('event_id', '=', eventId)
      .$if(last !== undefined, (query) => query.where('email', '>', last ?? ''))
      .orderBy('email')
      .limit(LOAD_BATCH_ROWS)
      .execute();
    if (batch.length > 0) packed.push(JSON.stringify(batch));
    last = batch.at(-1)?.email;
    if (batch.length < LOAD_BATCH_ROWS) return packed;
    await letOthersIn();
  }
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
 * Rows in batches, each as JSON. Between this thread and an import's worker (ADR 046), rows
 * travel packed: structured cloning 100,000 objects stops the receiving thread for a second or
 * more, strings copy at memory speed, and each batch is parsed only when it is used.
 */
export type PackedRows = string[];

export function packRows<T>(rows: readonly T[], size = IMPORT_CHUNK_ROWS): PackedRows {
  return chunks(rows, size).map((chunk) => JSON.stringify(chunk));
}

export function* unpackRows<T>(packed: PackedRows): Generator<T[]> {
  for (const chunk of packed) yield JSON.parse(chunk) as T[];
}

export interface PackedPlan {
  inserts: PackedRows;
  updates: PackedRows;
  deletes: PackedRows;
}

export function packPlan(plan: Pick<ImportPlan, 'inserts' | 'updates' | 'deletes'>): PackedPlan {
  return {
    inserts: packRows(plan.inserts),
    updates: packRows(plan.updates),
    deletes: packRows(plan.deletes),
  };
}

/** Writes a plan as {@link applyImport} does, each batch parsed just before it is written. */
export function applyPackedImport(
  db: Kysely<Database>,
  eventId: string,
  plan: PackedPlan,
): Promise<void> {
  return writePlan(db, eventId, {
    deletes: unpackRows(plan.deletes),
    updates: unpackRows(plan.updates),
    inserts: unpackRows(plan.inserts),
  });
}

/**
 * Writes the plan as deletes (their usernames and tokens become free), then updates and inserts,
 * each a multi-row statement of IMPORT_CHUNK_ROWS rows. Each statement commits on its own, and
 * the event loop turns between them (ADR 046): one transaction of 100,000 rows would hold
 * SQLite's one connection, and with it every other request, for seconds. All or nothing still
 * holds against a failing statement: the statements done are undone (inserts deleted, updated
 * rows given their values back, deleted rows inserted again) before the error goes on.
 */
export function applyImport(
  db: Kysely<Database>,
  eventId: string,
  plan: Pick<ImportPlan, 'inserts' | 'updates' | 'deletes'>,
): Promise<void> {
  return writePlan(db, eventId, {
    deletes: chunks(plan.deletes),
    updates: chunks(plan.updates),
    inserts: chunks(plan.inserts),
  });
}

async function writePlan(
  db: Kysely<Database>,
  eventId: string,
  plan: {
    deletes: Iterable<string[]>;
    updates: Iterable<InvitationUpdate[]>;
    inserts: Iterable<Insertable<InvitationsTable>[]>;
  },
): Promise<void> {
  const deleted: Selectable<InvitationsTable>[] = [];
  const updated: InvitationUpdate[] = [];
  const inserted: string[] = [];
  try {
    for (const ids of plan.deletes) {
      await letOthersIn();
      const rows = await db
        .deleteFrom('invitations')
        .where('event_id', '=', eventId)
        .where('id', 'in', ids)
        .returningAll()
        .execute();
      deleted.push(...rows);
    }
    // No token moves between invitations: the plan refuses a token another one still holds, so
    // the updates cannot trip the unique index against each other.
    for (const chunk of plan.updates) {
      await letOthersIn();
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('invitations')
          .select(['id', 'name', 'password', 'token', 'access_version'])
          .where('event_id', '=', eventId)
          .where(
            'id',
            'in',
            chunk.map((update) => update.id),
          )
          .execute();
        await updateChunk(trx, eventId, chunk);
        updated.push(...before);
      });
    }
    for (const chunk of plan.inserts) {
      await letOthersIn();
      await db.insertInto('invitations').values(chunk).execute();
      inserted.push(...chunk.map((row) => row.id));
    }
  } catch (error) {
    for (const ids of chunks(inserted)) {
      await db.deleteFrom('invitations').where('id', 'in', ids).execute();
    }
    for (const chunk of chunks(updated)) await updateChunk(db, eventId, chunk);
    for (const chunk of chunks(deleted)) await db.insertInto('invitations').values(chunk).execute();
    throw error;
  }
  // Only once the import holds: a failed one puts its deleted invitations back (ADR 066).
  for (const ids of chunks(deleted.map((row) => row.id))) {
    await deleteAttendance(db, eventId, 'invitation', ids);
  }
}

/**
 * Lets the requests that arrived meanwhile run (a macrotask: better-sqlite3 answers
 * synchronously, so awaiting queries alone never lets the event loop turn).
 */
const letOthersIn = () => setImmediate();

/**
 * One UPDATE … FROM (VALUES …) for many rows (PostgreSQL and SQLite 3.33+ both name the
 * VALUES columns column1…).
 */
async function updateChunk(
  trx: Kysely<Database>,
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
