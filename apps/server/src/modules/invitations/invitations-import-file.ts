import {
  INVITATIONS_IMPORT_MAX_ROWS,
  INVITATIONS_IMPORT_PREVIEW_ROWS,
  validationMessage,
  type InvitationImportColumn,
  type InvitationImportMapping,
  type InvitationImportPreview,
} from '@livent/shared';
import { CsvError, parse } from 'csv-parse/sync';
import { decodeCsv, type CsvEncoding } from '../../lib/csv.js';
import { validationFailed } from '../../lib/errors.js';

/**
 * The CSV import of invitations (ADR 026, "Import"), reading the file: its text, delimiter,
 * rows and header, and the column mapping the dashboard proposes.
 */

type Delimiter = InvitationImportPreview['delimiter'];

/** On a tie, the delimiter least likely to stand inside a cell: a tab, a semicolon, a comma. */
const DELIMITERS: readonly Delimiter[] = ['\t', ';', ','];

/**
 * The delimiter that splits the first line (outside quotes) most often; a comma when none does.
 * Excel's "Unicode text" is tab-separated, and a German header such as "Name, Vorname;E-Mail"
 * holds a comma as often as its delimiter.
 */
export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const character of text.slice(0, 64 * 1024)) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && character in counts) counts[character as Delimiter] += 1;
  }
  const best = DELIMITERS.reduce((a, b) => (counts[b] > counts[a] ? b : a));
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

/** A column name as compared: case, spaces, hyphens, dots, colons and asterisks aside. */
const normaliseHeader = (cell: string) =>
  cell
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s\-_.:*]/g, '');

/** Column names spreadsheets use, in English, German, Spanish and French. */
const HEADER_NAMES: Record<InvitationImportColumn, readonly string[]> = {
  name: [
    'name',
    'full name',
    'display name',
    'Vorname Nachname',
    'Vor- und Nachname',
    'Anzeigename',
    'nombre',
    'nom',
    'nom complet',
  ],
  email: [
    'email',
    'mail',
    'email address',
    'mail address',
    'E-Mail-Adresse',
    'Mailadresse',
    'correo',
    'correo electrónico',
    'courriel',
    'adresse e-mail',
  ],
  password: ['password', 'Passwort', 'Kennwort', 'contraseña', 'mot de passe'],
  token: ['token', 'personal link', 'persönlicher Link', 'link'],
};
const COLUMN_OF_HEADER = new Map(
  Object.entries(HEADER_NAMES).flatMap(([column, names]) =>
    names.map((name) => [normaliseHeader(name), column as InvitationImportColumn] as const),
  ),
);

function headerColumn(cell: string): InvitationImportColumn | undefined {
  return COLUMN_OF_HEADER.get(normaliseHeader(cell));
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
  encoding: CsvEncoding;
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

/**
 * The preview: the first rows, what was detected, the guessed mapping, and how many rows the
 * import would refuse (counted by the caller from its plan).
 */
export function previewOf(file: ReadFile, refused: number): InvitationImportPreview {
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
    refused,
  };
}
