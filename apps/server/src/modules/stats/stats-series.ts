import type { StatsBucket, StatsChannelTotals, StatsPoint } from '@livent/shared';
import { bucketStarts, HOUR_MS, hourOfText, iso, MINUTE_MS } from './stats-time.js';

/**
 * One stored bucket of one page: a minute row (with its not yet compacted presence added), or a
 * rolled-up hour row. `viewers` and `playing` of an hour row are already that hour's peak.
 */
export interface StatsRow {
  /** The bucket's start, ISO. */
  t: string;
  kind: 'minute' | 'hour';
  /** The channel's id, '' for the main page. */
  channelKey: string;
  pageviews: number;
  /** First visits of the day to the event (on this page); summed over pages, the event's. */
  uniques: number;
  /** First visits of the day to this page: a page's own unique viewers. */
  pageUniques: number;
  viewers: number;
  playing: number;
}

export interface SeriesOptions {
  from: number;
  to: number;
  bucket: StatsBucket;
  /** Only this page's rows ('' the main page); all pages when undefined. */
  channelKey?: string;
}

/**
 * A bucket with the first visits of the day in it (the pageview CSV's unique viewers): to the
 * event over all pages, to the page for one page.
 */
export type SeriesPoint = StatsPoint & { uniques: number };

export interface Series {
  points: SeriesPoint[];
  pageviews: number;
  uniqueViewers: number;
  peakViewers: number;
  peakAt: string | null;
}

interface Sums {
  pageviews: number;
  uniques: number;
  viewers: number;
  playing: number;
}

const zero = (): Sums => ({ pageviews: 0, uniques: 0, viewers: 0, playing: 0 });

/**
 * The dense series of [from, to) in `bucket`s, summed over the pages asked for. Concurrency adds
 * up across pages minute by minute (one page load is on one page), and an hour's viewers are its
 * highest minute; a rolled-up hour row already holds its page's peak, so across pages those
 * peaks are summed (an upper bound: the pages' peaks may have been in different minutes).
 */
export function buildSeries(rows: readonly StatsRow[], options: SeriesOptions): Series {
  const { from, to, bucket, channelKey } = options;
  const size = bucket === 'minute' ? MINUTE_MS : HOUR_MS;
  const selected = rows.filter((row) => channelKey === undefined || row.channelKey === channelKey);
  // One page's viewers are its own; the event's are counted once however many pages they opened.
  const uniquesOf = (row: StatsRow) => (channelKey === undefined ? row.uniques : row.pageUniques);

  // Minute rows summed over pages per minute; hour rows summed over pages per hour.
  const minutes = new Map<string, Sums>();
  const hours = new Map<string, Sums>();
  for (const row of selected) {
    const target = row.kind === 'minute' ? minutes : hours;
    const sums = target.get(row.t) ?? zero();
    sums.pageviews += row.pageviews;
    sums.uniques += uniquesOf(row);
    sums.viewers += row.viewers;
    sums.playing += row.playing;
    target.set(row.t, sums);
  }

  const buckets = new Map<string, Sums>();
  const into = (key: string, sums: Sums) => {
    const total = buckets.get(key) ?? zero();
    total.pageviews += sums.pageviews;
    total.uniques += sums.uniques;
    total.viewers = Math.max(total.viewers, sums.viewers);
    total.playing = Math.max(total.playing, sums.playing);
    buckets.set(key, total);
  };
  for (const [t, sums] of minutes) into(bucket === 'minute' ? t : hourOfText(t), sums);
  // Hour rows only exist where the minutes are gone, so they never meet minutes of their hour.
  for (const [t, sums] of hours) into(t, sums);

  const points: SeriesPoint[] = [];
  let pageviews = 0;
  let uniqueViewers = 0;
  let peakViewers = 0;
  let peakAt: string | null = null;
  for (const start of bucketStarts(from, to, size)) {
    const t = iso(start);
    const sums = buckets.get(t) ?? zero();
    points.push({
      t,
      pageviews: sums.pageviews,
      uniques: sums.uniques,
      viewers: sums.viewers,
      playing: sums.playing,
    });
    pageviews += sums.pageviews;
    uniqueViewers += sums.uniques;
    if (sums.viewers > peakViewers) {
      peakViewers = sums.viewers;
      peakAt = t;
    }
  }
  return { points, pageviews, uniqueViewers, peakViewers, peakAt };
}

/** Each page's totals over the range (pages with anything in it, or viewers now). */
export function channelTotals(
  rows: readonly StatsRow[],
  options: Omit<SeriesOptions, 'channelKey'>,
  viewersNow: ReadonlyMap<string, number>,
): StatsChannelTotals[] {
  const keys = new Set([...rows.map((row) => row.channelKey), ...viewersNow.keys()]);
  return [...keys].sort().map((channelKey) => {
    const series = buildSeries(rows, { ...options, channelKey });
    return {
      channelId: channelKey === '' ? null : channelKey,
      pageviews: series.pageviews,
      uniqueViewers: series.uniqueViewers,
      peakViewers: series.peakViewers,
      viewersNow: viewersNow.get(channelKey) ?? 0,
    };
  });
}
