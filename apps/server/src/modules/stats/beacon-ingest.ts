import {
  ERROR_MESSAGES,
  type StatsHeartbeat,
  type StatsPageview,
  type StatsViewAnswer,
} from '@livent/shared';
import { randomUUID } from 'node:crypto';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Hit, StatsCollector } from './stats-collector.js';
import type { StatsViewTokens } from './view-tokens.js';

/** What the beacons need to know of the events: the public module's cached lookups. */
export interface BeaconEvents {
  head(slug: string): Promise<{ id: string } | undefined>;
  routable(
    slug: string,
  ): Promise<{ channels: ReadonlyArray<{ id: string; slug: string }> } | undefined>;
}

/**
 * What the statistics' beacons do once their body is read and valid (ADR 027, ADR 045), the same
 * whoever received them: the Fastify routes (stats-beacon.routes.ts) or the fast path before
 * Fastify (beacon-fast-path.ts). Refusals are thrown as the errors the one error shape answers.
 */
export class BeaconIngest {
  constructor(
    private readonly deps: {
      events: BeaconEvents;
      collector: StatsCollector;
      tokens: StatsViewTokens;
    },
  ) {}

  /**
   * A pageview with the page's view token: the counted page view's signed id, or undefined when
   * it is not counted (a bot, or beyond the cap of new page views from `address`).
   */
  async pageview(
    slug: string,
    beacon: StatsPageview,
    address: string,
    userAgent: string | undefined,
  ): Promise<StatsViewAnswer | undefined> {
    const { collector, tokens } = this.deps;
    const page = await this.page(slug, beacon.c);
    const attendee = tokens.checkPageToken(beacon.t, page.eventId, page.channelKey);
    if (attendee === undefined) throw badRequest();
    const hit: Hit = {
      ...page,
      playing: beacon.p === true,
      userAgent,
      viewId: randomUUID(),
      attendee: attendee || undefined,
    };
    if (!collector.pageview(hit, address)) return undefined;
    return { v: tokens.signView(hit.viewId, hit.eventId, hit.channelKey, hit.attendee) };
  }

  /** A heartbeat with a counted page view's signed id. */
  async heartbeat(
    slug: string,
    beacon: StatsHeartbeat,
    userAgent: string | undefined,
  ): Promise<void> {
    const page = await this.page(slug, beacon.c);
    const view = this.deps.tokens.checkView(beacon.v, page.eventId, page.channelKey);
    if (view === undefined) throw badRequest();
    this.deps.collector.heartbeat({ ...page, ...view, playing: beacon.p === true, userAgent });
  }

  /** The event at `slug` and the channel whose page's slug is `channelSlug`, if given. */
  private async page(
    slug: string,
    channelSlug: string | undefined,
  ): Promise<{ eventId: string; channelKey: string }> {
    const { events } = this.deps;
    const head = await events.head(slug);
    if (!head) throw notFound(ERROR_MESSAGES.eventNotFound);
    if (channelSlug === undefined) return { eventId: head.id, channelKey: '' };
    const channel = (await events.routable(slug))?.channels.find((c) => c.slug === channelSlug);
    if (!channel) throw notFound(ERROR_MESSAGES.notFound);
    return { eventId: head.id, channelKey: channel.id };
  }
}
