// Bucket arithmetic in UTC (ADR 007: times are ISO text; date arithmetic happens in code). A
// bucket is named by the ISO instant of its start, so buckets sort and compare as text.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const floorTo = (ms: number, size: number): number => Math.floor(ms / size) * size;
export const ceilTo = (ms: number, size: number): number => Math.ceil(ms / size) * size;

export const iso = (ms: number): string => new Date(ms).toISOString();

/** The minute `at` falls in, as its start's ISO text. */
export const minuteOf = (at: number): string => iso(floorTo(at, MINUTE_MS));
export const hourOf = (at: number): string => iso(floorTo(at, HOUR_MS));
/** The UTC day (`YYYY-MM-DD`) that `at` falls in: unique viewers are counted per such day. */
export const dayOf = (at: number): string => iso(at).slice(0, 10);

/** The hour a bucket's ISO text falls in (a minute's or an hour's). */
export const hourOfText = (bucket: string): string => `${bucket.slice(0, 13)}:00:00.000Z`;

/** Every bucket start in [from, to) aligned to `size`, from the first at or after `from`. */
export function bucketStarts(from: number, to: number, size: number): number[] {
  const starts: number[] = [];
  for (let t = ceilTo(from, size); t < to; t += size) starts.push(t);
  return starts;
}
