import { tooManyRequests } from '../../lib/errors.js';
import { clientAddressKey } from '../../lib/rate-limiter.js';
import { WindowCounter } from '../../lib/window-counter.js';

/** Requests (each up to `REACTION_BATCH_MAX` taps) of one viewer to one event per window. */
export const REACTION_REQUESTS_PER_VIEWER = 10;
/** …and of one address: generous, thousands of viewers may share a company's NAT. */
export const REACTION_REQUESTS_PER_ADDRESS = 2_000;
export const REACTION_WINDOW_MS = 10_000;
/** Viewers and addresses remembered per instance. */
const KEYS_MAX = 200_000;

/**
 * The abuse limits of reactions (ADR 059), in this instance's memory rather than the database's
 * shared counters (ADR 011): a tap must cost no write, and N instances letting through N times
 * as many taps of a script is harmless (they are counts, not messages anyone reads).
 */
export class ReactionLimits {
  private readonly perViewer: WindowCounter;
  private readonly perAddress: WindowCounter;

  constructor(
    limits: { perViewer?: number; perAddress?: number } = {},
    windowMs = REACTION_WINDOW_MS,
  ) {
    this.perViewer = new WindowCounter({
      limit: limits.perViewer ?? REACTION_REQUESTS_PER_VIEWER,
      windowMs,
      maxKeys: KEYS_MAX,
    });
    this.perAddress = new WindowCounter({
      limit: limits.perAddress ?? REACTION_REQUESTS_PER_ADDRESS,
      windowMs,
      maxKeys: KEYS_MAX,
    });
  }

  /** Counts one request; throws a 429 with `Retry-After` beyond either limit. */
  consume(eventId: string, viewer: { id: string; ip: string }, atMs: number): void {
    const admitted =
      this.perViewer.admit(`${eventId}|${viewer.id}`, atMs) &&
      this.perAddress.admit(`${eventId}|${clientAddressKey(viewer.ip)}`, atMs);
    if (!admitted) throw tooManyRequests(undefined, this.perViewer.retryAfterSeconds(atMs));
  }
}
