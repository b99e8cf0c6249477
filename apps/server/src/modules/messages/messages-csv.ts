import { Readable, pipeline } from 'node:stream';
import type { MessageKind, MessageStatus } from '@livent/shared';
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

/** The export's columns in their order; their headers come in the reader's language. */
export const MESSAGES_CSV_COLUMNS = [
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
export type MessagesCsvColumn = (typeof MESSAGES_CSV_COLUMNS)[number];

/** The export's words in the reader's language (locales/{language}/exports.json). */
export interface MessagesCsvLabels {
  columns: Record<MessagesCsvColumn, string>;
  status: Record<MessageStatus, string>;
  kind: Record<MessageKind, string>;
  yes: string;
  no: string;
}

type CsvRecord = Record<MessagesCsvColumn, string>;

function toRecord(row: MessageRow, labels: MessagesCsvLabels): CsvRecord {
  const flag = (value: boolean) => (value ? labels.yes : labels.no);
  const record: CsvRecord = {
    id: row.id,
    createdAt: row.created_at,
    kind: labels.kind[row.kind as MessageKind] ?? row.kind,
    channelId: row.channel_id ?? '',
    status: labels.status[row.status as MessageStatus] ?? row.status,
    read: flag(row.read === 1),
    authorName: row.author_name,
    text: row.text,
    answer: row.answer ?? '',
    answerPublic: flag(row.answer_public === 1),
    answeredAt: row.answered_at ?? '',
    answeredBy: row.answered_by ?? '',
    votes: String(row.votes),
    pinned: flag(row.pinned_at !== null),
  };
  for (const column of MESSAGES_CSV_COLUMNS) record[column] = neutraliseCell(record[column]);
  return record;
}

/**
 * Messages as CSV (RFC 4180: CRLF line ends, a field quoted when it holds the delimiter, a quote
 * or a line break, quotes doubled), with a header line and a byte order mark so that spreadsheets
 * read UTF-8. Streams: rows are read as the client takes them (docs/architecture.md, budgets).
 */
export function messagesCsv(
  rows: AsyncIterable<MessageRow>,
  options: { delimiter: string; labels: MessagesCsvLabels },
): Readable {
  const { delimiter, labels } = options;
  const csv = stringify({
    header: true,
    columns: MESSAGES_CSV_COLUMNS.map((key) => ({
      key,
      header: neutraliseCell(labels.columns[key]),
    })),
    delimiter,
    record_delimiter: '\r\n',
    bom: true,
  });
  const source = Readable.from(
    (async function* records() {
      for await (const row of rows) yield toRecord(row, labels);
    })(),
  );
  // A failed read destroys the CSV stream with the error, which aborts the response; Fastify
  // logs it. Nothing else is left to clean up here.
  pipeline(source, csv, () => undefined);
  return csv;
}
