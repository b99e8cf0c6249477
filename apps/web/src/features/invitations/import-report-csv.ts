import type { InvitationImportReportRow } from '@livent/shared';

/**
 * A spreadsheet reads a cell that starts with `=`, `+`, `-` or `@` as a formula, and some skip a
 * leading tab or carriage return first: a leading `'` keeps such a cell text, as the server's
 * exports do (apps/server/src/lib/csv.ts).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string, delimiter: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return text.includes(delimiter) || /["\r\n]/.test(text)
    ? `"${text.replaceAll('"', '""')}"`
    : text;
}

export interface ReportCsvText {
  headers: readonly [line: string, email: string, name: string, result: string, reason: string];
  result: (row: InvitationImportReportRow) => string;
  /** The field and the translated reason of a refused row. */
  reason: (row: InvitationImportReportRow) => string;
}

/**
 * The import's report as CSV (RFC 4180: CRLF line ends, quoted where needed), built in the
 * browser from the import's answer (ADR 026: there is no report route), in the user's delimiter,
 * with a byte order mark so that spreadsheets read UTF-8. The server's csv-stringify is not used
 * here: its browser build brings some 80 kB of stream polyfills for these three quoting rules.
 */
export function reportCsv(
  rows: readonly InvitationImportReportRow[],
  delimiter: string,
  text: ReportCsvText,
): string {
  const lines = [
    text.headers,
    ...rows.map((row) => [
      String(row.line),
      row.email,
      row.name,
      text.result(row),
      text.reason(row),
    ]),
  ].map((cells) => cells.map((value) => cell(value, delimiter)).join(delimiter));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
