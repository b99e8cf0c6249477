import type { Readable } from 'node:stream';
import { csvStream } from '../../lib/csv.js';

/**
 * A bucket's start as spreadsheets read a date and time (`2026-03-29 01:00`), always UTC: the
 * header line says so, and a day with a daylight-saving change still has its 24 hours.
 */
export const csvTime = (isoText: string): string =>
  `${isoText.slice(0, 10)} ${isoText.slice(11, 16)}`;

/** Rows of a statistics CSV: the time in UTC, then counts (lib/csv.ts: RFC 4180, streamed). */
export function statsCsv(
  rows: readonly ({ time: string } & Record<string, string | number>)[],
  options: { delimiter: string; columns: readonly { key: string; header: string }[] },
): Readable {
  return csvStream(
    (async function* records() {
      for (const row of rows) {
        const record: Record<string, string> = {};
        for (const [key, value] of Object.entries(row)) record[key] = String(value);
        record.time = csvTime(row.time);
        yield record;
      }
    })(),
    options,
  );
}
