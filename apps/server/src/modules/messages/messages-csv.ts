import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { MessageRow } from './message-view.js';

/** The export's cap: far beyond any one event's inbox, and a bound on one request's work. */
export const MESSAGES_EXPORT_MAX = 50_000;

/**
 * A spreadsheet reads a cell that starts with `=`, `+`, `-` or `@` as a formula, and some skip a
 * leading tab or carriage return before doing so (OWASP "CSV injection"). A leading `'` makes
 * the cell text in every one of them, and shows as nothing more than that quote elsewhere.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The columns, named like the API's fields, so that the export reads the same in any language. */
const COLUMNS = [
  'id',
  'createdAt',
  'kind',
  'channelId',
  'status',
  'read',
  'authorName',
  'text',
  'answer',
  'answerPublic',
  'answeredAt',
  'answeredBy',
  'votes',
  'pinned',
] as const;

type CsvRecord = Record<(typeof COLUMNS)[number], string>;

function toRecord(row: MessageRow): CsvRecord {
  const record: CsvRecord = {
    id: row.id,
    createdAt: row.created_at,
    kind: row.kind,
    channelId: row.channel_id ?? '',
    status: row.status,
    read: String(row.read === 1),
    authorName: row.author_name,
    text: row.text,
    answer: row.answer ?? '',
    answerPublic: String(row.answer_public === 1),
    answeredAt: row.answered_at ?? '',
    answeredBy: row.answered_by ?? '',
    votes: String(row.votes),
    pinned: String(row.pinned_at !== null),
  };
  for (const column of COLUMNS) record[column] = neutraliseCell(record[column]);
  return record;
}

/**
 * Messages as CSV (RFC 4180: CRLF line ends, a field quoted when it holds the delimiter, a quote
 * or a line break, quotes doubled), with a header line and a byte order mark so that spreadsheets
 * read UTF-8. Streams: rows are read as the client takes them (docs/architecture.md, budgets).
 */
export function messagesCsv(rows: AsyncIterable<MessageRow>, delimiter: string): Readable {
  const csv = stringify({
    header: true,
    columns: [...COLUMNS],
    delimiter,
    record_delimiter: '\r\n',
    bom: true,
  });
  const source = Readable.from(
    (async function* records() {
      for await (const row of rows) yield toRecord(row);
    })(),
  );
  // A failed read destroys the CSV stream with the error, which aborts the response; Fastify
  // logs it. Nothing else is left to clean up here.
  pipeline(source, csv, () => undefined);
  return csv;
}
