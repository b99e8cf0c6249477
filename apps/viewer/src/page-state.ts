// The page's state (before, live, after, on demand; docs/decisions/063-event-times-and-page-states.md):
// a `state` frame on the live stream, or the page's own next change by the server's clock,
// reloads the page to show the new state. Thousands of viewers watch one page: each waits a
// random 0–3 s so that they do not all arrive in the same millisecond.

import { onLive } from './live.js';
import { serverNow } from './server-clock.js';

/** The spread of the reloads. */
export const RELOAD_JITTER_MS = 3_000;
/**
 * After a save, an instance may answer from what it knew of the event for up to this long
 * (`REVALIDATE_MS` of the server's public-events.ts): a reload for a `state` frame waits it out.
 */
export const SERVER_FRESH_MS = 5_000;
/** setTimeout's longest delay; a change further ahead is left to a later visit. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface PageStateOptions {
  slug: string;
  /** The state the page was rendered in, the event's version then, and the next change (ISO). */
  state: string;
  version: number;
  nextChange: string | undefined;
  /** Whether the page holds the live stream (frames come only then). */
  live: boolean;
  reload?: () => void;
  random?: () => number;
  /** The server's time (epoch ms); `serverNow` unless a test says otherwise. */
  now?: () => number;
}

/**
 * Reloads the page on a `state` frame newer than the page, and at its next change. Never in a
 * loop: a frame's version is reloaded for once (a cached copy may still carry the old version),
 * and a page whose own change has passed (a copy older than its state) waits for the next frame.
 */
export function setupPageState(options: PageStateOptions): () => void {
  const reload = options.reload ?? (() => location.reload());
  const random = options.random ?? Math.random;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const reloadIn = (delay: number) => {
    if (pending !== undefined) return;
    pending = setTimeout(reload, delay + random() * RELOAD_JITTER_MS);
  };

  let stopFrames = () => {};
  if (options.live) {
    const seenKey = `lvnt.state.${options.slug}`;
    stopFrames = onLive(['state'], (_kind, data) => {
      const version = Number((data as { version?: unknown } | null)?.version);
      if (!Number.isFinite(version) || version <= options.version) return;
      let seen = 0;
      try {
        seen = Number(sessionStorage.getItem(seenKey)) || 0;
        sessionStorage.setItem(seenKey, String(version));
      } catch {
        // without storage a stale cached copy could reload once more, which is harmless
      }
      if (version > seen) reloadIn(SERVER_FRESH_MS);
    });
  }

  const at = options.nextChange ? Date.parse(options.nextChange) : NaN;
  const remaining = at - (options.now ?? serverNow)();
  const timer =
    remaining > 0 && remaining <= MAX_TIMER_MS
      ? setTimeout(() => reloadIn(0), remaining)
      : undefined;
  // Answers what stops it all (tests).
  return () => {
    stopFrames();
    clearTimeout(timer);
    clearTimeout(pending);
  };
}
