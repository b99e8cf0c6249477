import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { InvitationImportPreview } from '@livent/shared';
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

export type CsvEncoding = InvitationImportPreview['encoding'];

export interface DecodedCsv {
  text: string;
  encoding: CsvEncoding;
  /** Some bytes were no character of the encoding and became U+FFFD. */
  replacedCharacters: boolean;
}

/**
 * WHATWG's index-windows-1252 for the bytes 0x80–0x9F (every other byte is its Latin-1 code
 * point). Written out because Node 20's TextDecoder decodes "windows-1252" as Latin-1, which
 * turns these bytes into C1 controls (nodejs/node#60888). 0x81, 0x8D, 0x8F, 0x90 and 0x9D are
 * unassigned: WHATWG maps them to the C1 code points of the same value.
 */
const WINDOWS_1252_80_9F = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039,
  0x0152, 0x008d, 0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
  0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c1) =>
      String.fromCharCode(WINDOWS_1252_80_9F[c1.charCodeAt(0) - 0x80] ?? 0xfffd),
    );
}

/** Decodes strictly, else with U+FFFD for what is no character, and says which it was. */
function decodeUnicode(
  encoding: 'utf-8' | 'utf-16le',
  bytes: Uint8Array,
): { text: string; replacedCharacters: boolean } {
  try {
    const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
    return { text, replacedCharacters: false };
  } catch {
    const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
    return { text, replacedCharacters: true };
  }
}

/**
 * A spreadsheet's CSV as text. A byte order mark names UTF-8 or UTF-16 (Excel's "Unicode text",
 * LE or BE); without one, UTF-8 when the bytes are valid UTF-8, else Windows-1252, which every
 * spreadsheet program on Windows still writes. Bytes that are no character (broken UTF-8 or
 * UTF-16 after a BOM, the five unassigned Windows-1252 bytes) become U+FFFD and are reported.
 */
export function decodeCsv(bytes: Uint8Array): DecodedCsv {
  const [first, second, third] = bytes;
  if (first === 0xff && second === 0xfe) {
    return { encoding: 'utf-16le', ...decodeUnicode('utf-16le', bytes.subarray(2)) };
  }
  if (first === 0xfe && second === 0xff) {
    // Swapped into little-endian: Node decodes UTF-16BE only when built with full ICU.
    const swapped = Buffer.from(bytes.subarray(2, bytes.length - (bytes.length % 2)));
    const decoded = decodeUnicode('utf-16le', swapped.swap16());
    return {
      encoding: 'utf-16be',
      text: bytes.length % 2 === 0 ? decoded.text : `${decoded.text}\ufffd`,
      replacedCharacters: decoded.replacedCharacters || bytes.length % 2 !== 0,
    };
  }
  const bom = first === 0xef && second === 0xbb && third === 0xbf;
  const utf8 = decodeUnicode('utf-8', bom ? bytes.subarray(3) : bytes);
  if (bom || !utf8.replacedCharacters) return { encoding: 'utf-8', ...utf8 };
  const decoded = decodeWindows1252(bytes);
  // The unassigned bytes' C1 controls are no text a spreadsheet meant: mark them as replaced.
  const text = decoded.replace(/[\u0080-\u009f]/g, '\ufffd');
  return { text, encoding: 'windows-1252', replacedCharacters: text !== decoded };
}
