import { buffer } from 'node:stream/consumers';
import { CSV_DELIMITERS } from '@livent/shared';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SERVER_RESOURCES } from '../../lib/i18n/i18n.js';
import { MESSAGES_CSV_COLUMNS, messagesCsv, neutraliseCell } from './messages-csv.js';
import type { MessageRow } from './message-view.js';

const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];

const row = (fields: Partial<MessageRow>): MessageRow => ({
  id: 'm1',
  event_id: 'e1',
  channel_id: null,
  kind: 'viewer',
  author_name: 'Ada',
  text: 'Hello',
  read: 0,
  answer: null,
  created_at: '2026-11-24T10:00:00.000Z',
  status: 'new',
  answer_public: 0,
  answered_at: null,
  answered_by: null,
  viewer_id: null,
  idempotency_key: null,
  author_user_id: null,
  votes: 0,
  pinned_at: null,
  updated_at: null,
  ...fields,
});

async function* rowsOf(rows: MessageRow[]) {
  yield* rows;
}

// Bytes, not text(): the text decoder would drop the byte order mark.
const labels = SERVER_RESOURCES.en.exports.messages;
const csvOf = async (rows: MessageRow[], delimiter: string) =>
  (await buffer(messagesCsv(rowsOf(rows), { delimiter, labels }))).toString('utf8');

describe('neutraliseCell', () => {
  it('makes every cell that a spreadsheet would read as a formula start with a quote, and leaves the rest', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const cell = neutraliseCell(value);
        if (FORMULA_STARTS.includes(value.charAt(0))) {
          expect(cell).toBe(`'${value}`);
        } else {
          expect(cell).toBe(value);
        }
        expect(FORMULA_STARTS).not.toContain(cell.charAt(0));
      }),
    );
  });

  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+49 30 123', "'+49 30 123"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['a=1', 'a=1'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(neutraliseCell(value)).toBe(expected);
  });
});

describe('messagesCsv', () => {
  it('writes a header line and one CRLF-ended record per message, quoted where needed', async () => {
    const csv = await csvOf(
      [row({ text: 'Semi; colon, comma "quoted"\nnext line', answer: '=HYPERLINK("x")' })],
      ';',
    );
    const [header, record] = csv.split('\r\n');
    expect(header).toBe(
      '\uFEFFID;Sent at;Kind;Channel ID;Status;Read;Name;Message;Answer;Answer public;Answered at;Answered by;Votes;Pinned',
    );
    expect(record).toBe(
      'm1;2026-11-24T10:00:00.000Z;Viewer;;New;no;Ada;"Semi; colon, comma ""quoted""\nnext line";"\'=HYPERLINK(""x"")";no;;;0;no',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(3);
  });

  it('reads back as the neutralised values in every delimiter, whatever the text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CSV_DELIMITERS),
        fc.array(
          fc.record({
            author_name: fc.string(),
            text: fc.string(),
            answer: fc.option(fc.string()),
          }),
          {
            maxLength: 5,
          },
        ),
        async (delimiter, fields) => {
          const rows = fields.map((field, index) => row({ ...field, id: `m${index}` }));
          const records = parse(await csvOf(rows, delimiter), {
            delimiter,
            bom: true,
            columns: () => [...MESSAGES_CSV_COLUMNS],
            record_delimiter: '\r\n',
          }) as Record<string, string>[];
          expect(records.map((record) => [record.authorName, record.text, record.answer])).toEqual(
            rows.map((message) => [
              neutraliseCell(message.author_name),
              neutraliseCell(message.text),
              neutraliseCell(message.answer ?? ''),
            ]),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
