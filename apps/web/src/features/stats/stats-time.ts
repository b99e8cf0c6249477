import { STATS_RANGE_MAX_DAYS, type StatsBucket, type StatsPoint } from '@livent/shared';

/**
 * The stats screen's ranges and times (ADR 027). Everything the organiser reads is in their time
 * zone (their settings), whatever the browser's; the server speaks UTC instants.
 */

export const RANGE_PRESETS = ['hour', 'day', 'week', 'month'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** A picked range: a preset that follows the clock, or two calendar days in the user's zone. */
export type StatsRange =
  { kind: 'preset'; preset: RangePreset } | { kind: 'custom'; fromDay: string; toDay: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A preset as instants, ending with the bucket now running, so that the charts show whole
 * buckets: the last hour as 60 minutes, the others as 24, 168 and 720 hours.
 */
export function presetInstants(preset: RangePreset, now = Date.now()): { from: Date; to: Date } {
  if (preset === 'hour') {
    const end = Math.floor(now / MINUTE) * MINUTE + MINUTE;
    return { from: new Date(end - HOUR), to: new Date(end) };
  }
  const end = Math.floor(now / HOUR) * HOUR + HOUR;
  const hours = preset === 'day' ? 24 : preset === 'week' ? 7 * 24 : 30 * 24;
  return { from: new Date(end - hours * HOUR), to: new Date(end) };
}

/** One formatter per zone: making one costs far more than using it, and a month has 720 hours. */
const partFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts of an instant in a time zone. */
function zonedParts(instant: number, timeZone: string) {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    partFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return wall - Math.floor(instant / MINUTE) * MINUTE;
}

/**
 * The instant a calendar day (`YYYY-MM-DD`) starts in a time zone. Twice corrected, so that a day
 * on which the clocks change starts at its real midnight.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date);
  let instant = wall - zoneOffset(wall, timeZone);
  instant = wall - zoneOffset(instant, timeZone);
  return new Date(instant);
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in a time zone. */
export function dayIn(instant: number, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The day after a calendar day. */
export function nextDay(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

export type RangeProblem = 'order' | 'tooLong' | 'missing';

/**
 * A custom range as instants: from the first day's midnight to the end of the last day, both
 * in the user's zone; or what is wrong with it.
 */
export function customInstants(
  fromDay: string,
  toDay: string,
  timeZone: string,
): { from: Date; to: Date } | { problem: RangeProblem } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fromDay) || !/^\d{4}-\d{2}-\d{2}$/.test(toDay)) {
    return { problem: 'missing' };
  }
  const from = startOfDayIn(fromDay, timeZone);
  const to = startOfDayIn(nextDay(toDay), timeZone);
  if (from >= to) return { problem: 'order' };
  if (to.getTime() - from.getTime() > STATS_RANGE_MAX_DAYS * DAY) return { problem: 'tooLong' };
  return { from, to };
}

/** The instants a range asks the server for, at this moment. */
export function rangeInstants(
  range: StatsRange,
  timeZone: string,
  now = Date.now(),
): { from: Date; to: Date } | { problem: RangeProblem } {
  return range.kind === 'preset'
    ? presetInstants(range.preset, now)
    : customInstants(range.fromDay, range.toDay, timeZone);
}

/**
 * A time zone this browser knows: the user's setting, else the browser's own (a setting saved
 * by a newer browser may name a zone an older one lacks).
 */
export function usableTimeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** Formats instants in the user's language and zone. */
export function timeFormatter(language: string, timeZone: string | undefined) {
  const make = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(language, { ...options, timeZone });
  // 24-hour clocks read "09:00", 12-hour ones "9:00 AM" (not "09:00 AM").
  const twelveHours = make({ hour: 'numeric' }).resolvedOptions().hour12 === true;
  const hour = twelveHours ? 'numeric' : '2-digit';
  const time = make({ hour, minute: '2-digit' });
  const day = make({ day: 'numeric', month: 'short' });
  const dayTime = make({ day: 'numeric', month: 'short', hour, minute: '2-digit' });
  const full = make({ dateStyle: 'medium', timeStyle: 'short' });
  return {
    /** An axis label: the time within a day, the day across days. */
    tick: (iso: string, bucket: StatsBucket, spansDays: boolean) =>
      bucket === 'hour' && spansDays ? day.format(new Date(iso)) : time.format(new Date(iso)),
    /** A tooltip or a peak: the day and time. */
    point: (iso: string) => dayTime.format(new Date(iso)),
    /** The range in a summary or the custom range. */
    full: (iso: string) => full.format(new Date(iso)),
  };
}

/** Whether the series covers more than two days (the axis then names days, not hours). */
export function spansDays(series: readonly StatsPoint[]): boolean {
  const first = series[0];
  const last = series.at(-1);
  return Boolean(first && last && Date.parse(last.t) - Date.parse(first.t) >= 2 * DAY);
}

/**
 * The buckets that get an axis label: round times in the user's zone (every 10 minutes, every
 * 3 hours, each midnight, every few midnights), so that the labels read like a clock.
 */
export function tickIndices(
  series: readonly StatsPoint[],
  bucket: StatsBucket,
  timeZone: string | undefined,
): Set<number> {
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const ticks = new Set<number>();
  const dayCount = series.length / 24;
  const everyDays = dayCount > 20 ? 5 : dayCount > 10 ? 2 : 1;
  const days = spansDays(series);
  let midnights = 0;
  series.forEach((point, index) => {
    const { hour, minute } = zonedParts(Date.parse(point.t), zone);
    if (bucket === 'minute') {
      const step = series.length > 120 ? 60 : series.length > 60 ? 30 : 10;
      if ((hour * 60 + minute) % step === 0) ticks.add(index);
    } else if (!days) {
      if (hour % 3 === 0) ticks.add(index);
    } else if (hour === 0) {
      if (midnights % everyDays === 0) ticks.add(index);
      midnights += 1;
    }
  });
  return ticks;
}
