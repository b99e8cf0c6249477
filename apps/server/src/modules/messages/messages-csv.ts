import type { Readable } from 'node:stream';
import type { MessageKind, MessageStatus } from '@livent/shared';
import { csvStream, neutraliseCell } from '../../lib/csv.js';
import type { MessageRow } from './message-view.js';

/** The export's cap: far beyond any one event's inbox, and a bound on one request's work. */
export const MESSAGES_EXPORT_MAX = 50_000;

export { neutraliseCell };

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
  return record;
}

/** Messages as CSV, streamed and neutralised (lib/csv.ts). */
export function messagesCsv(
  rows: AsyncIterable<MessageRow>,
  options: { delimiter: string; labels: MessagesCsvLabels },
): Readable {
  const { delimiter, labels } = options;
  return csvStream(
    (async function* records() {
      for await (const row of rows) yield toRecord(row, labels);
    })(),
    {
      delimiter,
      columns: MESSAGES_CSV_COLUMNS.map((key) => ({ key, header: labels.columns[key] })),
    },
  );
}
