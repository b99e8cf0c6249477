import { REACTIONS, type Reaction, type ReactionTotals } from '@livent/shared';
import type { ReactionMinuteRow } from '../reactions/index.js';
import { bucketStarts, floorTo, HOUR_MS, hourOfText, iso, MINUTE_MS } from './stats-time.js';

// Reactions in the statistics (ADR 059): the aggregator's minute rows, summed per hour for the
// screen, per minute for the CSV, and over the last 60 s for the live stream.

export const noReactions = (): ReactionTotals =>
  Object.fromEntries(REACTIONS.map((reaction) => [reaction, 0])) as ReactionTotals;

const isReaction = (name: string): name is Reaction =>
  (REACTIONS as readonly string[]).includes(name);

/**
 * Dense buckets of `size` over [from, to) with every reaction's taps, and the totals. Rows of a
 * reaction no longer offered are left out.
 */
export function reactionSeries(
  rows: readonly ReactionMinuteRow[],
  from: number,
  to: number,
  size: number,
): { series: { t: string; counts: ReactionTotals }[]; totals: ReactionTotals } {
  const buckets = new Map<string, ReactionTotals>();
  for (const start of bucketStarts(from, to, size)) buckets.set(iso(start), noReactions());
  const totals = noReactions();
  for (const row of rows) {
    if (!isReaction(row.reaction)) continue;
    const bucket = buckets.get(size === HOUR_MS ? hourOfText(row.minute) : row.minute);
    if (!bucket) continue;
    bucket[row.reaction] += row.count;
    totals[row.reaction] += row.count;
  }
  return { series: [...buckets].map(([t, counts]) => ({ t, counts })), totals };
}

/**
 * The taps of the 60 s before `now` from minute rows: the current minute's, and the previous
 * minute's weighted by the share of it still inside the 60 s (the rows know no seconds).
 */
export function reactionsLastMinute(
  rows: readonly ReactionMinuteRow[],
  now: number,
): ReactionTotals {
  const current = floorTo(now, MINUTE_MS);
  const previousShare = 1 - (now - current) / MINUTE_MS;
  const counts = noReactions();
  for (const row of rows) {
    if (!isReaction(row.reaction)) continue;
    const start = Date.parse(row.minute);
    if (start === current) counts[row.reaction] += row.count;
    else if (start === current - MINUTE_MS) counts[row.reaction] += row.count * previousShare;
  }
  for (const reaction of REACTIONS) counts[reaction] = Math.round(counts[reaction]);
  return counts;
}
