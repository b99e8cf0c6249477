import { LRUCache } from 'lru-cache';

/**
 * At most `limit` hits per key in fixed windows of `windowMs`, counted in this instance's memory:
 * a hit costs no database round trip, and N instances admit at most N times the limit. For the
 * hot public paths whose limits only need to stop abuse, not count exactly (ADR 045, ADR 059);
 * a key that falls out of the `maxKeys` remembered starts again at zero.
 */
export class WindowCounter {
  private readonly counts: LRUCache<string, { window: number; count: number }>;

  constructor(private readonly options: { limit: number; windowMs: number; maxKeys: number }) {
    this.counts = new LRUCache({ max: options.maxKeys });
  }

  /** Counts one hit of `key` at `atMs` when within the limit; false (not counted) beyond it. */
  admit(key: string, atMs: number): boolean {
    const window = Math.floor(atMs / this.options.windowMs);
    const entry = this.counts.get(key);
    if (!entry || entry.window !== window) {
      this.counts.set(key, { window, count: 1 });
      return true;
    }
    if (entry.count >= this.options.limit) return false;
    entry.count += 1;
    return true;
  }

  /** Whole seconds from `atMs` until the window ends (when a refused key may hit again). */
  retryAfterSeconds(atMs: number): number {
    const { windowMs } = this.options;
    return Math.max(1, Math.ceil((windowMs - (atMs % windowMs)) / 1000));
  }
}
