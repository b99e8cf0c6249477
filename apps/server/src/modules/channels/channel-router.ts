import type { RoutingRule } from '@livent/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestCookie } from '../../lib/cookies.js';
import { acceptedLanguages } from '../../lib/accept-language.js';
import { needsCountry, pickChannel } from './channel-routing.js';
import type { CountryLookup } from './geo.js';

/** Marks a viewer whose channel was decided for this event (the cookie's path is the event's). */
export const ROUTED_COOKIE = 'lvnt.routed';
/** How long a viewer stays "not first-time" (ADR 018). */
export const ROUTED_COOKIE_MAX_AGE = 180 * 24 * 60 * 60;

export type RoutingOutcome = 'redirected' | 'private' | 'shared';

/**
 * The main page of an event with active rules depends on the viewer's address, country and
 * languages, which no shared cache can key on: browsers may keep it, CDNs must not.
 */
export const PRIVATE_PAGE_HEADERS = {
  'cache-control': 'private, no-cache',
  vary: 'Cookie, Accept-Language',
} as const;

export interface RoutableEvent {
  slug: string;
  rules: readonly RoutingRule[];
  /** The event's visible channels: rules to hidden or deleted channels are skipped. */
  channels: ReadonlyArray<{ id: string; slug: string }>;
}

/**
 * Channel routing on the event's main page (`GET /{slug}`; ADR 018): a first-time viewer (no
 * routed cookie for this event) who matches a rule is redirected to the channel with a 302 and
 * gets the cookie, so that choosing the main event later in the channel menu sticks.
 */
export class ChannelRouter {
  constructor(
    private readonly countryOf: CountryLookup,
    /** Whether the public origin is HTTPS (the cookie is then `Secure`). */
    private readonly secure: boolean,
  ) {}

  /** Whether the event's main page depends on the viewer (then it must not be shared-cached). */
  routes(event: RoutableEvent): boolean {
    return this.activeRules(event).length > 0;
  }

  /**
   * Decides for the main page of `event`: `redirected` when it sent the redirect; otherwise the
   * caller serves the page, with {@link PRIVATE_PAGE_HEADERS} when the answer is `private` (the
   * event has active rules) and its usual shared caching when `shared`.
   */
  route(request: FastifyRequest, reply: FastifyReply, event: RoutableEvent): RoutingOutcome {
    const rules = this.activeRules(event);
    if (rules.length === 0) return 'shared';
    if (requestCookie(request, ROUTED_COOKIE) !== undefined) return 'private';
    reply.setCookie(ROUTED_COOKIE, '1', {
      path: `/${event.slug}`,
      maxAge: ROUTED_COOKIE_MAX_AGE,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
    });
    // A click within the public pages (the channel menu's "main event") is a choice, not a
    // first visit.
    if (request.headers['sec-fetch-site'] === 'same-origin') return 'private';
    const channelId = pickChannel(rules, {
      ip: request.ip,
      country: needsCountry(rules) ? this.countryOf(request) : undefined,
      languages: acceptedLanguages(request.headers['accept-language']),
    });
    const channel = event.channels.find((candidate) => candidate.id === channelId);
    if (!channel) return 'private';
    void reply
      .header('cache-control', 'private, no-store')
      .header('vary', PRIVATE_PAGE_HEADERS.vary)
      .redirect(`/${encodeURIComponent(event.slug)}/${encodeURIComponent(channel.slug)}`, 302);
    return 'redirected';
  }

  private activeRules(event: RoutableEvent): RoutingRule[] {
    const visible = new Set(event.channels.map((channel) => channel.id));
    return event.rules.filter((rule) => visible.has(rule.channelId));
  }
}
