import { randomUUID } from 'node:crypto';
import {
  fields,
  INVITATION_NAME_MAX,
  INVITATION_PASSWORD_MAX,
  INVITATIONS_IMPORT_MAX_ROWS,
  INVITATIONS_IMPORT_PREVIEW_ROWS,
  singleLineText,
  validationMessage,
  type InvitationImportColumn,
  type InvitationImportMapping,
  type InvitationImportPreview,
  type InvitationImportReport,
  type InvitationImportReportRow,
  type invitationImportFieldsSchema,
} from '@livent/shared';
import { CsvError, parse } from 'csv-parse/sync';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, InvitationsTable } from '../../db/schema.js';
import { validationFailed } from '../../lib/errors.js';
import { generatePassword, newPersonalToken } from './invitation-secrets.js';

/** The CSV import of invitations (ADR 026, "Import"): decoding, parsing, the plan and its writing. */

export type ImportFields = z.output<typeof invitationImportFieldsSchema>;
type Delimiter = InvitationImportPreview['delimiter'];
type Encoding = InvitationImportPreview['encoding'];

/** Rows per multi-row statement: 12 columns × 1000 stays far under SQLite's 32766 parameters. */
export const IMPORT_CHUNK_ROWS = 1000;
/** The personal link's token as the gate accepts it (invitation-access.ts). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export interface DecodedCsv {
  text: string;
  encoding: Encoding;
  replacedCharacters: boolean;
}

/**
 * UTF-8 (with or without BOM) when the bytes are valid UTF-8, else Windows-1252, which every
 * spreadsheet program on Windows still writes. Bytes that are no character (broken UTF-8 after a
 * BOM, the five unassigned Windows-1252 bytes) become U+FFFD and are reported.
 */
export function decodeCsv(bytes: Uint8Array): DecodedCsv {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body),
      encoding: 'utf-8',
      replacedCharacters: false,
    };
  } catch {
    if (bom) {
      return {
        text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(body),
        encoding: 'utf-8',
        replacedCharacters: true,
      };
    }
  }
  // WHATWG's windows-1252 maps its unassigned bytes to C1 controls: mark them as replaced.
  const decoded = new TextDecoder('windows-1252').decode(body);
  const text = decoded.replace(/[\u0080-\u009f]/g, '\ufffd');
  return { text, encoding: 'windows-1252', replacedCharacters: text !== decoded };
}

/** The delimiter that splits the first line (outside quotes) most often; a comma on a tie. */
export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const character of text.slice(0, 64 * 1024)) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && character in counts) counts[character as Delimiter] += 1;
  }
  const best = (Object.keys(counts) as Delimiter[]).reduce((a, b) =>
    counts[b] > counts[a] ? b : a,
  );
  return counts[best] > 0 ? best : ',';
}

export interface ParsedRow {
  /** The row's first line in the file (1-based). */
  line: number;
  cells: string[];
}

/** All records; a file that is no CSV (an unclosed quote…) is a 400 naming the line. */
export function parseCsv(text: string, delimiter: Delimiter): ParsedRow[] {
  try {
    const records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      // One more than the cap and a header line: enough to know the file is over it.
      to: INVITATIONS_IMPORT_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    let previousEnd = 0;
    return records.map(({ record, info }) => {
      // info.lines is the line where the record ended; a quoted cell may span lines.
      const span = record.reduce((lines, cell) => lines + (cell.match(/\n/g)?.length ?? 0), 0);
      const line = Math.max(previousEnd + 1, info.lines - span);
      previousEnd = info.lines;
      return { line, cells: record };
    });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw validationFailed({ file: validationMessage('csvInvalid', { line }) });
    }
    throw error;
  }
}

const HEADER_NAMES: Record<InvitationImportColumn, readonly string[]> = {
  name: ['name', 'full name', 'fullname', 'vorname nachname', 'nombre', 'nom'],
  email: ['email', 'e-mail', 'mail', 'email address', 'e-mail-adresse', 'emailadresse', 'correo'],
  password: ['password', 'passwort', 'kennwort', 'contraseña', 'mot de passe'],
  token: ['token', 'personal link', 'personallink', 'link'],
};

function headerColumn(cell: string): InvitationImportColumn | undefined {
  const normalised = cell.trim().toLowerCase();
  return (Object.keys(HEADER_NAMES) as InvitationImportColumn[]).find((column) =>
    HEADER_NAMES[column].includes(normalised),
  );
}

const looksLikeEmail = (cell: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(cell.trim());

/** A first line holds column names when one is a known name and none is an email. */
export function detectHeader(rows: ParsedRow[]): boolean {
  const first = rows[0]?.cells ?? [];
  return first.some((cell) => headerColumn(cell)) && !first.some(looksLikeEmail);
}

/** The mapping the dashboard proposes: from the column names, else the first email-like column. */
export function guessMapping(rows: ParsedRow[], hasHeader: boolean): InvitationImportMapping {
  const mapping: InvitationImportMapping = {};
  if (hasHeader) {
    const used = new Set<string>();
    rows[0]?.cells.forEach((cell, index) => {
      const column = headerColumn(cell);
      if (column && !used.has(column)) {
        used.add(column);
        mapping[String(index)] = column;
      }
    });
    return mapping;
  }
  const sample = rows.slice(0, INVITATIONS_IMPORT_PREVIEW_ROWS);
  const width = Math.max(0, ...sample.map((row) => row.cells.length));
  const emailIndex = [...Array(width).keys()].find((index) =>
    sample.some((row) => looksLikeEmail(row.cells[index] ?? '')),
  );
  if (emailIndex !== undefined) {
    mapping[String(emailIndex)] = 'email';
    // A name commonly stands before the email.
    if (emailIndex > 0) mapping[String(emailIndex - 1)] = 'name';
  }
  return mapping;
}

export interface ReadFile {
  rows: ParsedRow[];
  hasHeader: boolean;
  delimiter: Delimiter;
  encoding: Encoding;
  replacedCharacters: boolean;
}

export function readCsvFile(bytes: Uint8Array, hasHeader: boolean | undefined): ReadFile {
  const decoded = decodeCsv(bytes);
  const delimiter = detectDelimiter(decoded.text);
  const rows = parseCsv(decoded.text, delimiter);
  const header = hasHeader ?? detectHeader(rows);
  if (rows.length - (header ? 1 : 0) > INVITATIONS_IMPORT_MAX_ROWS) {
    throw validationFailed({
      file: validationMessage('maxEntries', { max: INVITATIONS_IMPORT_MAX_ROWS }),
    });
  }
  return {
    rows,
    hasHeader: header,
    delimiter,
    encoding: decoded.encoding,
    replacedCharacters: decoded.replacedCharacters,
  };
}

export function previewOf(file: ReadFile): InvitationImportPreview {
  const data = file.hasHeader ? file.rows.slice(1) : file.rows;
  return {
    delimiter: file.delimiter,
    encoding: file.encoding,
    replacedCharacters: file.replacedCharacters,
    hasHeader: file.hasHeader,
    headers: file.hasHeader ? (file.rows[0]?.cells ?? []) : null,
    rows: data.slice(0, INVITATIONS_IMPORT_PREVIEW_ROWS).map((row) => row.cells),
    totalRows: data.length,
    mapping: guessMapping(file.rows, file.hasHeader),
  };
}

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
