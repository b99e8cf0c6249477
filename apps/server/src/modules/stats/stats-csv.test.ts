import { buffer } from 'node:stream/consumers';

// Buffer's decoding keeps the byte order mark, which TextDecoder (stream/consumers' text) drops.
const text = async (stream: NodeJS.ReadableStream) => (await buffer(stream)).toString('utf8');
import { describe, expect, it } from 'vitest';
import { csvTime, statsCsv } from './stats-csv.js';

describe('statsCsv', () => {
  const columns = [
    { key: 'time', header: 'Hour (UTC, start)' },
    { key: 'pageviews', header: 'Pageviews' },
  ];

  it('writes UTC times as spreadsheets read them, in the given delimiter, with a BOM', async () => {
    const body = await text(
      statsCsv(
        [
          { time: '2026-10-25T00:00:00.000Z', pageviews: 3 },
          { time: '2026-10-25T01:00:00.000Z', pageviews: 0 },
        ],
        { delimiter: ';', columns },
      ),
    );
    expect(body).toBe(
      '\uFEFFHour (UTC, start);Pageviews\r\n2026-10-25 00:00;3\r\n2026-10-25 01:00;0\r\n',
    );
  });

  it('quotes a header that holds the delimiter', async () => {
    const body = await text(
      statsCsv([{ time: '2026-01-01T00:00:00.000Z', pageviews: 1 }], {
        delimiter: ',',
        columns: [
          { key: 'time', header: 'Minute, UTC' },
          { key: 'pageviews', header: 'Views' },
        ],
      }),
    );
    expect(body).toBe('\uFEFF"Minute, UTC",Views\r\n2026-01-01 00:00,1\r\n');
  });

  it('keeps the UTC clock across a daylight-saving change (no local time anywhere)', () => {
    // The night of 25 October 2026 repeats 02:00-03:00 in Berlin; in UTC the hours just go on.
    expect(csvTime('2026-10-25T00:00:00.000Z')).toBe('2026-10-25 00:00');
    expect(csvTime('2026-10-25T01:00:00.000Z')).toBe('2026-10-25 01:00');
    expect(csvTime('2026-10-25T02:00:00.000Z')).toBe('2026-10-25 02:00');
  });
});
