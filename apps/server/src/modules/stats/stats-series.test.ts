import { describe, expect, it } from 'vitest';
import { buildSeries, channelTotals, type StatsRow } from './stats-series.js';
import { bucketFor } from './stats.service.js';

const minute = (t: string, channelKey: string, counts: Partial<StatsRow> = {}): StatsRow => ({
  t,
  kind: 'minute',
  channelKey,
  pageviews: 0,
  uniques: 0,
  pageUniques: 0,
  viewers: 0,
  playing: 0,
  ...counts,
});

const ms = (text: string) => Date.parse(text);

describe('buildSeries', () => {
  const rows: StatsRow[] = [
    minute('2026-03-29T00:58:00.000Z', '', { pageviews: 2, uniques: 2, viewers: 2 }),
    minute('2026-03-29T00:58:00.000Z', 'c1', { pageviews: 1, uniques: 1, viewers: 3, playing: 1 }),
    minute('2026-03-29T00:59:00.000Z', '', { viewers: 4, playing: 2 }),
    minute('2026-03-29T01:01:00.000Z', 'c1', { pageviews: 5, uniques: 1, viewers: 1 }),
  ];

  it('sums pages per minute and fills the empty minutes with zeros', () => {
    const series = buildSeries(rows, {
      from: ms('2026-03-29T00:58:00Z'),
      to: ms('2026-03-29T01:02:00Z'),
      bucket: 'minute',
    });
    expect(
      series.points.map(({ t, pageviews, viewers }) => [t.slice(11, 16), pageviews, viewers]),
    ).toEqual([
      ['00:58', 3, 5],
      ['00:59', 0, 4],
      ['01:00', 0, 0],
      ['01:01', 5, 1],
    ]);
    expect(series).toMatchObject({
      pageviews: 8,
      uniqueViewers: 4,
      peakViewers: 5,
      peakAt: '2026-03-29T00:58:00.000Z',
    });
  });

  it("takes an hour's highest minute as its viewers, summed over pages minute by minute", () => {
    const series = buildSeries(rows, {
      from: ms('2026-03-29T00:00:00Z'),
      to: ms('2026-03-29T02:00:00Z'),
      bucket: 'hour',
    });
    expect(series.points).toEqual([
      { t: '2026-03-29T00:00:00.000Z', pageviews: 3, uniques: 3, viewers: 5, playing: 2 },
      { t: '2026-03-29T01:00:00.000Z', pageviews: 5, uniques: 1, viewers: 1, playing: 0 },
    ]);
  });

  it('narrows to one page', () => {
    const series = buildSeries(rows, {
      from: ms('2026-03-29T00:58:00Z'),
      to: ms('2026-03-29T01:02:00Z'),
      bucket: 'minute',
      channelKey: 'c1',
    });
    expect(series.pageviews).toBe(6);
    expect(series.peakViewers).toBe(3);
  });

  it('keeps every UTC hour of a day with a daylight-saving change (Europe, 29 March 2026)', () => {
    // 02:00 local does not exist in Berlin that night; UTC buckets have all 24 hours regardless.
    const series = buildSeries([], {
      from: ms('2026-03-29T00:00:00Z'),
      to: ms('2026-03-30T00:00:00Z'),
      bucket: 'hour',
    });
    expect(series.points).toHaveLength(24);
    expect(series.points[1]?.t).toBe('2026-03-29T01:00:00.000Z');
    expect(new Set(series.points.map((point) => point.t)).size).toBe(24);
  });

  it('adds rolled-up hour rows, their peaks summed across pages', () => {
    const hourRows: StatsRow[] = [
      { ...minute('2026-01-01T10:00:00.000Z', ''), kind: 'hour', pageviews: 10, viewers: 4 },
      { ...minute('2026-01-01T10:00:00.000Z', 'c1'), kind: 'hour', pageviews: 1, viewers: 2 },
    ];
    const series = buildSeries(hourRows, {
      from: ms('2026-01-01T10:00:00Z'),
      to: ms('2026-01-01T11:00:00Z'),
      bucket: 'hour',
    });
    expect(series.points[0]).toMatchObject({ pageviews: 11, viewers: 6 });
  });
});

describe('channelTotals', () => {
  it('lists every page with data or viewers now, the main page as null', () => {
    const totals = channelTotals(
      [minute('2026-01-01T10:00:00.000Z', 'c1', { pageviews: 2, viewers: 2 })],
      { from: ms('2026-01-01T10:00:00Z'), to: ms('2026-01-01T10:05:00Z'), bucket: 'minute' },
      new Map([['', 3]]),
    );
    expect(totals).toEqual([
      { channelId: null, pageviews: 0, uniqueViewers: 0, peakViewers: 0, viewersNow: 3 },
      { channelId: 'c1', pageviews: 2, uniqueViewers: 0, peakViewers: 2, viewersNow: 0 },
    ]);
  });
});

describe('bucketFor', () => {
  const now = ms('2026-11-22T10:00:00Z');
  it('uses minutes up to 6 hours within the minute retention, hours otherwise', () => {
    expect(bucketFor(now - 6 * 3_600_000, now, now)).toBe('minute');
    expect(bucketFor(now - 6 * 3_600_000 - 1, now, now)).toBe('hour');
    const old = ms('2026-10-01T00:00:00Z');
    expect(bucketFor(old, old + 3_600_000, now)).toBe('hour');
  });
});
