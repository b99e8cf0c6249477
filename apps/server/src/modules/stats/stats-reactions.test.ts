import { describe, expect, it } from 'vitest';
import { reactionSeries, reactionsLastMinute } from './stats-reactions.js';
import { HOUR_MS } from './stats-time.js';

const row = (minute: string, reaction: string, count: number) => ({
  event_id: 'e',
  minute,
  reaction,
  count,
});

describe('reactions in the statistics', () => {
  it('sums minute rows into dense hours with totals, leaving out reactions no longer offered', () => {
    const from = Date.parse('2026-11-28T09:00:00Z');
    const { series, totals } = reactionSeries(
      [
        row('2026-11-28T09:59:00.000Z', 'heart', 3),
        row('2026-11-28T10:00:00.000Z', 'heart', 2),
        row('2026-11-28T10:30:00.000Z', 'wow', 1),
        row('2026-11-28T10:31:00.000Z', 'boo', 9),
      ],
      from,
      from + 3 * HOUR_MS,
      HOUR_MS,
    );
    expect(series.map((point) => [point.t, point.counts.heart, point.counts.wow])).toEqual([
      ['2026-11-28T09:00:00.000Z', 3, 0],
      ['2026-11-28T10:00:00.000Z', 2, 1],
      ['2026-11-28T11:00:00.000Z', 0, 0],
    ]);
    expect(totals).toEqual({ heart: 5, applause: 0, laugh: 0, wow: 1, thumbsup: 0 });
  });

  it('counts the last 60 s: this minute, and the previous one by its share still inside', () => {
    const rows = [
      row('2026-11-28T09:58:00.000Z', 'heart', 100),
      row('2026-11-28T09:59:00.000Z', 'heart', 40),
      row('2026-11-28T10:00:00.000Z', 'heart', 5),
      row('2026-11-28T10:00:00.000Z', 'laugh', 2),
    ];
    // 15 s into the minute: three quarters of the previous one are inside the last 60 s.
    expect(reactionsLastMinute(rows, Date.parse('2026-11-28T10:00:15Z'))).toEqual({
      heart: 35,
      applause: 0,
      laugh: 2,
      wow: 0,
      thumbsup: 0,
    });
  });
});
