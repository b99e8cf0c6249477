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
/** A known viewer (ADR 066): `r:<registration id>` or `i:<invitation id>`; ids have no dot. */
const ATTENDEE = /^[ri]:[\w-]{1,64}$/;

/** A page view's id and the known viewer its token was issued for, if any (ADR 066). */
export interface CheckedView {
  viewId: string;
  attendee: string | undefined;
}

/**
 * The signed values that tie the statistics' beacons to pages the server rendered (ADR 045),
 * checked without any shared state, so that every instance accepts what another one issued.
 *
 * - A page token, `<issued>.<mac>` in the rendered page (after the gate on protected events),
 *   binds the event, the channel and the hour it was issued; the pageview beacon requires it.
 * - A view id, `<uuid>.<issued>.<mac>`, is what a counted pageview answers; heartbeats require
 *   it, so they count only for page views whose pageview counted.
 *
 * A page rendered behind the gate for a registrant or an invitee (never kept in a shared cache,
 * ADR 045) carries a token that also binds that person, `<issued>.<mac>.<attendee>`, and its view
 * id then does too, `<uuid>.<issued>.<mac>.<attendee>`: their attendance is recorded from the
 * beacons (ADR 066). The MAC covers the attendee, so that nobody can record for another.
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

  /**
   * The page token of an event's page (`channelKey` '' for the main page) in `window`, bound to
   * `attendee` (`r:<id>` or `i:<id>`) when given.
   */
  pageToken(eventId: string, channelKey: string, window: number, attendee?: string): string {
    const issued = ((window * STATS_TOKEN_WINDOW_MS) / 1000).toString(TIME_RADIX);
    if (attendee === undefined) return `${issued}.${this.mac('page', eventId, channelKey, issued)}`;
    if (!ATTENDEE.test(attendee)) throw new Error('not an attendee reference');
    const mac = this.mac('page', eventId, channelKey, `${issued}.${attendee}`);
    return `${issued}.${mac}.${attendee}`;
  }

  /**
   * When `token` is this page's token, issued within its lifetime: the attendee it binds, or ''
   * for an anonymous viewer's; undefined for anything else.
   */
  checkPageToken(token: string, eventId: string, channelKey: string): string | undefined {
    const [issued, mac, attendee, ...rest] = token.split('.');
    if (rest.length > 0 || issued === undefined || mac === undefined) return undefined;
    if (!this.fresh(issued, PAGE_TOKEN_TTL_MS)) return undefined;
    const value = attendee === undefined ? issued : `${issued}.${attendee}`;
    return this.verify('page', eventId, channelKey, value, mac) ? (attendee ?? '') : undefined;
  }

  /** The signed form of a counted page view's id, issued now, bound to `attendee` if given. */
  signView(viewId: string, eventId: string, channelKey: string, attendee?: string): string {
    const issued = Math.floor(this.now().getTime() / 1000).toString(TIME_RADIX);
    if (attendee === undefined || attendee === '') {
      return `${viewId}.${issued}.${this.mac('view', eventId, channelKey, `${viewId}.${issued}`)}`;
    }
    const mac = this.mac('view', eventId, channelKey, `${viewId}.${issued}.${attendee}`);
    return `${viewId}.${issued}.${mac}.${attendee}`;
  }

  /** The page view (and its attendee) when `signed` is one issued for this page within its lifetime. */
  checkView(signed: string, eventId: string, channelKey: string): CheckedView | undefined {
    const [viewId, issued, mac, attendee, ...rest] = signed.split('.');
    if (rest.length > 0 || viewId === undefined || issued === undefined || mac === undefined) {
      return undefined;
    }
    if (!this.fresh(issued, VIEW_TTL_MS)) return undefined;
    const value =
      attendee === undefined ? `${viewId}.${issued}` : `${viewId}.${issued}.${attendee}`;
    return this.verify('view', eventId, channelKey, value, mac) ? { viewId, attendee } : undefined;
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
