import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { textResponse } from './openapi.js';

/**
 * A spreadsheet reads a cell that starts with `=`, `+`, `-` or `@` as a formula, and some skip a
 * leading tab or carriage return before doing so (OWASP "CSV injection"). A leading `'` makes
 * the cell text in every one of them, and shows as nothing more than that quote elsewhere.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Records as CSV (RFC 4180: CRLF line ends, a field quoted when it holds the delimiter, a quote
 * or a line break, quotes doubled), with a header line and a byte order mark so that spreadsheets
 * read UTF-8; every header and cell neutralised. Streams: records are read as the client takes
 * them (docs/architecture.md, budgets).
 */
export function csvStream(
  records: AsyncIterable<Record<string, string>>,
  options: { delimiter: string; columns: readonly { key: string; header: string }[] },
): Readable {
  const { delimiter, columns } = options;
  const csv = stringify({
    header: true,
    columns: columns.map(({ key, header }) => ({ key, header: neutraliseCell(header) })),
    delimiter,
    record_delimiter: '\r\n',
    bom: true,
  });
  const source = Readable.from(
    (async function* neutralised() {
      for await (const record of records) {
        const cells: Record<string, string> = {};
        for (const { key } of columns) cells[key] = neutraliseCell(record[key] ?? '');
        yield cells;
      }
    })(),
  );
  // A failed read destroys the CSV stream with the error, which aborts the response; Fastify
  // logs it. Nothing else is left to clean up here.
  pipeline(source, csv, () => undefined);
  return csv;
}

/** The documented 200 of a CSV download route (its errors stay JSON). */
export const csvResponseSchema = textResponse('text/csv', 'CSV with a header line (RFC 4180)');

/** Answers a CSV download: an attachment with its file name, never cached. */
export function sendCsv(reply: FastifyReply, csv: { filename: string; body: Readable }) {
  return (
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csv.filename}"`)
      .header('cache-control', 'no-store')
      // A stream: the route's 200 schema documents it; Fastify sends streams without serialising.
      .send(csv.body as unknown as string)
  );
}
