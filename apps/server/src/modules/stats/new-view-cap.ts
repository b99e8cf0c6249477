import { clientAddressKey } from '../../lib/rate-limiter.js';
import { WindowCounter } from '../../lib/window-counter.js';

/**
 * New page views counted per address and event in one window (ADR 045). Generous: a school, an
 * office or a mobile carrier puts hundreds of viewers behind one address, and they arrive in the
 * same minutes at an event's start. One address adding thousands of viewers is not an audience.
 */
export const NEW_VIEWS_PER_ADDRESS = 200;
export const NEW_VIEWS_WINDOW_MS = 10 * 60_000;
/** Addresses remembered; one that falls out starts again at zero (many addresses are many viewers anyway). */
const ADDRESSES_MAX = 100_000;

/**
 * Counts new page views per address (IPv6 per /64) and event in fixed windows, in this instance's
 * memory: a hit costs no database round trip (ADR 027), and N instances admit at most N times the
 * cap.
 */
export class NewViewCap {
  private readonly counter: WindowCounter;

  constructor(limit = NEW_VIEWS_PER_ADDRESS) {
    this.counter = new WindowCounter({
      limit,
      windowMs: NEW_VIEWS_WINDOW_MS,
      maxKeys: ADDRESSES_MAX,
    });
  }

  /** Whether one more new page view from `ip` counts for the event at `atMs`. */
  admit(eventId: string, ip: string, atMs: number): boolean {
    return this.counter.admit(`${eventId}|${clientAddressKey(ip)}`, atMs);
  }
}
