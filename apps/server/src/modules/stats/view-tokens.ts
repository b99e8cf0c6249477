import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock.js';
import { deriveKey, safeEqual } from '../../lib/crypto.js';

/**
 * A page's view token is issued for the hour the page is rendered in, and a cached page is kept
 * per hour (ADR 045): a shared cached page never carries a token older than this.
 */
export const STATS_TOKEN_WINDOW_MS = 60 * 60_000;
/**
 * A page's token counts pageviews for this long after its hour began: a page rendered at the
 * start of its hour and loaded at its end, through a browser's or a proxy's 15 s cache, counts.
 */
const PAGE_TOKEN_TTL_MS = 3 * 60 * 60_000;
/** A counted page view's id admits heartbeats for this long: a day-long stream keeps counting. */
const VIEW_TTL_MS = 24 * 60 * 60_000;
/** Another instance's clock may run a little ahead. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** 128 bits of HMAC-SHA256, base64url. */
const MAC_CHARS = 22;
const TIME_RADIX = 36;
/** Valid tokens and ids remembered, so that checking one again costs a lookup, not an HMAC. */
const VERIFIED_MAX = 200_000;

/**
 * The signed values that tie the statistics' beacons to pages the server rendered (ADR 045),
 * checked without any shared state, so that every instance accepts what another one issued.
 *
 * - A page token, `<issued>.<mac>` in the rendered page (after the gate on protected events),
 *   binds the event, the channel and the hour it was issued; the pageview beacon requires it.
 * - A view id, `<uuid>.<issued>.<mac>`, is what a counted pageview answers; heartbeats require
 *   it, so they count only for page views whose pageview counted.
 */
export class StatsViewTokens {
  /** A key object: an HMAC per pageview then skips importing the raw key each time. */
  private readonly key: KeyObject;
  /**
   * Signatures already found valid: every pageview of a page's hour carries the same token, and a
   * page view sends the same id every 30 s. Only valid ones are kept; expiry is checked each time.
   */
  private readonly verified = new LRUCache<string, true>({ max: VERIFIED_MAX });

  constructor(
    appSecret: string,
    private readonly now: Clock,
  ) {
    this.key = createSecretKey(deriveKey(appSecret, 'livent stats view v1'));
  }

  /** The current hour's number: a cached page's key includes it, so that its token rotates. */
  window(): number {
    return Math.floor(this.now().getTime() / STATS_TOKEN_WINDOW_MS);
  }

  /** The page token of an event's page (`channelKey` '' for the main page) in `window`. */
  pageToken(eventId: string, channelKey: string, window: number): string {
    const issued = ((window * STATS_TOKEN_WINDOW_MS) / 1000).toString(TIME_RADIX);
    return `${issued}.${this.mac('page', eventId, channelKey, issued)}`;
  }

  /** Whether `token` is this page's token, issued within its lifetime. */
  checkPageToken(token: string, eventId: string, channelKey: string): boolean {
    const [issued, mac, ...rest] = token.split('.');
    return (
      rest.length === 0 &&
      issued !== undefined &&
      mac !== undefined &&
      this.fresh(issued, PAGE_TOKEN_TTL_MS) &&
      this.verify('page', eventId, channelKey, issued, mac)
    );
  }

  /** The signed form of a counted page view's id, issued now. */
  signView(viewId: string, eventId: string, channelKey: string): string {
    const issued = Math.floor(this.now().getTime() / 1000).toString(TIME_RADIX);
    return `${viewId}.${issued}.${this.mac('view', eventId, channelKey, `${viewId}.${issued}`)}`;
  }

  /** The page view's id when `signed` is one issued for this page within its lifetime. */
  checkView(signed: string, eventId: string, channelKey: string): string | undefined {
    const [viewId, issued, mac, ...rest] = signed.split('.');
    if (rest.length > 0 || viewId === undefined || issued === undefined || mac === undefined) {
      return undefined;
    }
    if (!this.fresh(issued, VIEW_TTL_MS)) return undefined;
    return this.verify('view', eventId, channelKey, `${viewId}.${issued}`, mac)
      ? viewId
      : undefined;
  }

  private verify(
    kind: 'page' | 'view',
    eventId: string,
    channelKey: string,
    value: string,
    mac: string,
  ): boolean {
    const key = `${kind}|${eventId}|${channelKey}|${value}|${mac}`;
    if (this.verified.has(key)) return true;
    if (!safeEqual(mac, this.mac(kind, eventId, channelKey, value))) return false;
    this.verified.set(key, true);
    return true;
  }

  private fresh(issued: string, ttlMs: number): boolean {
    const at = Number.parseInt(issued, TIME_RADIX) * 1000;
    const now = this.now().getTime();
    return Number.isSafeInteger(at) && at <= now + CLOCK_SKEW_MS && now - at <= ttlMs;
  }

  private mac(kind: 'page' | 'view', eventId: string, channelKey: string, value: string): string {
    return createHmac('sha256', this.key)
      .update(`${kind}\n${eventId}\n${channelKey}\n${value}`)
      .digest('base64url')
      .slice(0, MAC_CHARS);
  }
}
