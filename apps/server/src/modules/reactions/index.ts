/**
 * Reactions' public face (ADR 037, ADR 059): the per-instance aggregator of viewers' taps, its
 * abuse limits, and the stored counts' reading for the statistics.
 */
export {
  ReactionAggregator,
  type ReactionAggregatorOptions,
  type ReactionCounters,
} from './reaction-aggregator.js';
export { ReactionLimits } from './reaction-limits.js';
export { readReactionMinutes, type ReactionMinuteRow } from './reactions.repository.js';
