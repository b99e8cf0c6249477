import { createHash } from 'node:crypto';
import {
  channelSettings,
  hasFeature,
  nextStateChange,
  pageStateAt,
  PLAN_ALLOWANCES,
  type EventSettings,
  type PageState,
  type Feature,
  type ViewerLanguage,
} from '@livent/shared';
import { LRUCache } from 'lru-cache';
import { attendeeRef } from '../../attendance/index.js';
import type { Clock } from '../../../lib/clock.js';
import type { PublicAssets } from './public-assets.js';
import {
  atGate,
  type AccessCookie,
  type PageAccess,
  type PageAccessCheck,
} from '../page-access.js';
import {
  visibleChannel,
  type ChannelModel,
  type EventModel,
  type PublicEvents,
} from '../public-events.js';
import { pageLanguage, viewerLanguage } from '../viewer-language.js';
import { renderPage } from './event-page.js';
import { renderNotFound } from './not-found-page.js';
import { renderStatementPage } from './statement-page.js';
import type { FeedbackOutcome } from '../accessibility/accessibility-feedback.js';
import type { ChannelLink, GateError, PageData } from './page-data.js';

export const PAGE_MAX_AGE_S = 15;
export const PAGE_CACHE_CONTROL = `public, max-age=${PAGE_MAX_AGE_S}, s-maxage=${PAGE_MAX_AGE_S}`;
/** Bytes of rendered pages an instance keeps. */
const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

export interface RenderedPage {
  body: Buffer;
  etag: string;
  language: ViewerLanguage;
  /** The language came from Accept-Language (the answer varies by it). */
  negotiated: boolean;
  access: PageAccess;
  /**
   * When the page's state next changes by itself (epoch ms), or null: the answer then carries the
   * server's time, by which the page script wakes (docs/decisions/063-event-times-and-page-states.md).
   */
  nextChange: number | null;
}

/** The page's state now and when it next changes (docs/decisions/063-event-times-and-page-states.md). */
export interface PageMoment {
  state: PageState;
  nextChange: Date | null;
}

/** The state of the page of `model` (or of its channel) at `now`. */
export function pageMoment(
  model: EventModel,
  channel: ChannelModel | undefined,
  now: Date,
): PageMoment {
  const times = channel ? channel.times : model.times;
  return {
    state: pageStateAt(model.settings, times, now),
    nextChange: nextStateChange(model.settings, times, now),
  };
}

/**
 * The statistics' view tokens (ADR 045): issued per event, channel and hour; a cached page is
 * kept per hour, so that a shared cached page never carries an old token.
 */
export interface PageStatsTokens {
  window(): number;
  pageToken(eventId: string, channelKey: string, window: number, attendee?: string): string;
}

export interface EventPageDependencies {
  events: PublicEvents;
  access: PageAccessCheck;
  assets: PublicAssets;
  statsTokens: PageStatsTokens;
  now: Clock;
  /** The events origin: the page's address in its calendar links. */
  eventsUrl: string;
}

/**
 * The public event pages (ADR 017): rendered from the settings, cached in memory per event,
 * stamp, channel, language, access and state (so a page cached before the start is never served
 * after it, docs/decisions/063-event-times-and-page-states.md), and checked against the event's `version` at most every
 * `REVALIDATE_MS` (public-events.ts).
 */
export class EventPageService {
  /** Rendered pages by event, stamp, channel and language, up to a byte budget. */
  private readonly pages = new LRUCache<string, RenderedPage>({
    maxSize: PAGE_CACHE_MAX_BYTES,
    sizeCalculation: (page) => page.body.length,
  });
  /** Accept-Language headers already negotiated (few distinct values occur in practice). */
  private readonly languages = new LRUCache<string, ViewerLanguage>({ max: 1_000 });
  private readonly notFoundPages = new Map<ViewerLanguage, Buffer>();
  private readonly negotiate = (acceptLanguage: string | undefined): ViewerLanguage => {
    const header = acceptLanguage ?? '';
    let language = this.languages.get(header);
    if (!language) {
      language = viewerLanguage(header);
      this.languages.set(header, language);
    }
    return language;
  };

  constructor(private readonly deps: EventPageDependencies) {}

  /** The page's own files (viewer script, players). */
  get assets(): PublicAssets {
    return this.deps.assets;
  }

  /**
   * The page straight from memory when everything about it is known and fresh, without awaiting
   * anything (the hot path of a busy page, ADR 035); undefined sends the caller to {@link page}.
   */
  cachedPage(
    slug: string,
    channelSlug: string | null,
    acceptLanguage: string | undefined,
    accessCookie: () => string | undefined,
  ): RenderedPage | undefined {
    const model = this.deps.events.peek(slug);
    if (!model) return undefined;
    // The main page of an event with routing rules decides per viewer first (ADR 018).
    if (channelSlug === null && model.settings.channelRoutingRules.length > 0) return undefined;
    const channel = channelSlug === null ? undefined : visibleChannel(model, channelSlug);
    if (channelSlug !== null && !channel) return undefined;
    const { language } = pageLanguage(model, channel, acceptLanguage, this.negotiate);
    const access = this.deps.access.peek(model, accessCookie);
    if (!access) return undefined;
    const window = this.deps.statsTokens.window();
    const { state } = pageMoment(model, channel, this.deps.now());
    const page = this.pages.get(pageKey(model, channelSlug, language, access, window, state));
    return page && this.forViewer(page, model, channel, window, accessCookie);
  }

  /**
   * The page of an event (or of one of its visible channels) in the viewer's language, or
   * undefined when there is no such event or channel. A gate with an error answers one request
   * and is never kept.
   */
  async page(
    slug: string,
    channelSlug: string | null,
    acceptLanguage: string | undefined,
    accessCookie: AccessCookie,
    gateError?: GateError,
  ): Promise<RenderedPage | undefined> {
    const { events } = this.deps;
    const head = await events.head(slug);
    if (!head) return undefined;
    const model = await events.model(head);
    const channel = channelSlug === null ? undefined : visibleChannel(model, channelSlug);
    if (channelSlug !== null && !channel) return undefined;
    const { language, negotiated } = pageLanguage(model, channel, acceptLanguage, this.negotiate);
    const access = await this.deps.access.resolve(model, accessCookie);
    const keep = !(gateError && atGate(access));
    const window = this.deps.statsTokens.window();
    const moment = pageMoment(model, channel, this.deps.now());
    const key = pageKey(model, channelSlug, language, access, window, moment.state);
    const cached = keep ? this.pages.get(key) : undefined;
    if (cached) return this.forViewer(cached, model, channel, window, accessCookie);

    // The gate is not the event's page: it gets no token (ADR 045).
    const statsToken = atGate(access)
      ? null
      : this.deps.statsTokens.pageToken(model.id, channel?.id ?? '', window);
    const data = this.pageData(model, channel, language, access, gateError, statsToken, moment);
    const body = Buffer.from(renderPage(data));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const nextChange = moment.nextChange?.getTime() ?? null;
    const page: RenderedPage = { body, etag, language, negotiated, access, nextChange };
    if (keep) this.pages.set(key, page);
    return this.forViewer(page, model, channel, window, accessCookie);
  }

  /**
   * The page as this viewer gets it: behind the gate, a registrant's or invitee's page carries a
   * view token bound to them (ADR 066), swapped into the page kept for everyone with access; such
   * a page is never kept by any shared cache (ADR 045). Anyone else gets the kept page itself.
   */
  private forViewer(
    page: RenderedPage,
    model: EventModel,
    channel: ChannelModel | undefined,
    window: number,
    accessCookie: AccessCookie,
  ): RenderedPage {
    if (page.access !== 'granted') return page;
    const attendee = this.deps.access.attendee(model, accessCookie);
    if (!attendee) return page;
    const { statsTokens } = this.deps;
    const channelKey = channel?.id ?? '';
    const shared = Buffer.from(
      `data-stats="${statsTokens.pageToken(model.id, channelKey, window)}"`,
    );
    const at = page.body.indexOf(shared);
    if (at === -1) return page;
    const own = statsTokens.pageToken(model.id, channelKey, window, attendeeRef(attendee));
    const body = Buffer.concat([
      page.body.subarray(0, at),
      Buffer.from(`data-stats="${own}"`),
      page.body.subarray(at + shared.length),
    ]);
    return { ...page, body };
  }

  /**
   * The event's accessibility statement (ADR 052) in the page's language and frame, with the
   * outcome of a report just sent; undefined when there is no such event. It shows nothing of
   * what a gate keeps back (the event's title and look only), so it is open to everyone and
   * rendered per request (no-store: the form's answer is the viewer's own).
   */
  async statementPage(
    slug: string,
    acceptLanguage: string | undefined,
    outcome?: FeedbackOutcome,
  ): Promise<{ body: string; language: ViewerLanguage; negotiated: boolean } | undefined> {
    const { events } = this.deps;
    const head = await events.head(slug);
    if (!head) return undefined;
    const model = await events.model(head);
    const { language, negotiated } = pageLanguage(model, undefined, acceptLanguage, this.negotiate);
    const moment = pageMoment(model, undefined, this.deps.now());
    const data = this.pageData(model, undefined, language, 'open', undefined, null, moment);
    return { body: renderStatementPage(data, outcome), language, negotiated };
  }

  /** The 404 page in the viewer's language. */
  notFoundPage(acceptLanguage: string | undefined): Buffer {
    const language = viewerLanguage(acceptLanguage);
    let page = this.notFoundPages.get(language);
    if (!page) {
      page = Buffer.from(renderNotFound(language, this.deps.assets.urls));
      this.notFoundPages.set(language, page);
    }
    return page;
  }

  /** What the page of `model` (or of its channel) shows: a channel's overrides over the event. */
  private pageData(
    model: EventModel,
    channel: ChannelModel | undefined,
    language: ViewerLanguage,
    access: PageAccess,
    gateError: GateError | undefined,
    statsToken: string | null,
    moment: PageMoment,
  ): PageData {
    const settings: EventSettings = channel
      ? channelSettings(model.settings, channel.overrides)
      : model.settings;
    const wanted = channel?.highlightIds ? new Set(channel.highlightIds) : undefined;
    // What the plan allows now, or allowed when the event was last saved (ADR 054).
    const allows = (feature: Feature) =>
      hasFeature(PLAN_ALLOWANCES[model.plan], feature) ||
      hasFeature(PLAN_ALLOWANCES[model.savedPlan], feature);
    return {
      eventSlug: model.slug,
      settings,
      highlights: wanted
        ? model.highlights.filter((item) => wanted.has(item.id))
        : model.highlights,
      channels: model.channels
        .filter((candidate) => candidate.visible)
        .map((candidate): ChannelLink => ({ slug: candidate.slug, title: candidate.title })),
      channelSlug: channel ? channel.slug : null,
      language,
      allowHideFooterLogo: allows('HIDE_FOOTER_LOGO'),
      allowCustomLayout: allows('CUSTOM_LAYOUT'),
      remoteReloadAt: model.remoteReloadAt,
      assets: this.deps.assets.urls,
      protected: access !== 'open',
      gate: atGate(access) ? { error: gateError, sessionEnded: access === 'ended' } : null,
      statsToken,
      ssoButtonLabel: model.ssoButtonLabel,
      ssoConfigured: model.ssoConfigured,
      pageUrl: `${this.deps.eventsUrl}/${model.slug}${channel ? `/${channel.slug}` : ''}`,
      version: model.version,
      times: channel ? channel.times : model.times,
      state: moment.state,
      nextChange: moment.nextChange?.toISOString() ?? null,
    };
  }
}

/**
 * The kept page's key, the same for the fast path's lookup and the render: everything its markup
 * depends on — the event as saved, the page, the language, the access, the view token's hour
 * (ADR 045) and the page's state (ADR 063).
 */
function pageKey(
  model: { id: string; stamp: string },
  channelSlug: string | null,
  language: string,
  access: string,
  window: number,
  state: string,
): string {
  return `${model.id}|${model.stamp}|${channelSlug ?? ''}|${language}|${access}|${String(window)}|${state}`;
}
