import { createHash, randomUUID } from 'node:crypto';
import {
  CHANNEL_OVERRIDE_FIELDS,
  DEFAULT_EVENT_SETTINGS,
  ERROR_MESSAGES,
  hasFeature,
  PLAN_ALLOWANCES,
  VIEWER_LANGUAGES,
  type EventSettings,
  type Highlight,
  type PlanName,
  type ViewerLanguage,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import type { Clock } from '../../lib/clock.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { RoutableEvent } from '../channels/channel-router.js';
import { acceptedLanguages } from '../channels/channel-routing.js';
import { insertMessage } from '../messages/messages.repository.js';
import type { PublicAssets } from './public-assets.js';
import {
  findEventContent,
  findEventHead,
  listChannels,
  listHighlights,
  type EventHead,
} from './public.repository.js';
import { renderNotFound, renderPage, type ChannelLink, type PageData } from './render-page.js';

/**
 * How long an instance trusts what it knows about an event before one cheap indexed query checks
 * its `version` again (ADR 017). With {@link PAGE_MAX_AGE_S} for browsers and CDNs, a save shows
 * within 5 + 15 = 20 seconds (the spec allows 30).
 */
export const REVALIDATE_MS = 5_000;
export const PAGE_MAX_AGE_S = 15;
export const STATE_MAX_AGE_S = 5;
/** Entries kept per cache; the oldest go first beyond it. */
const CACHE_MAX_ENTRIES = 5_000;

export const PAGE_CACHE_CONTROL = `public, max-age=${PAGE_MAX_AGE_S}, s-maxage=${PAGE_MAX_AGE_S}`;

export interface RenderedPage {
  body: Buffer;
  etag: string;
  language: ViewerLanguage;
  /** The language came from Accept-Language (the answer varies by it). */
  negotiated: boolean;
}

interface HeadEntry {
  head: EventHead | undefined;
  checkedAt: number;
  pending?: Promise<EventHead | undefined>;
}

interface ChannelModel {
  id: string;
  slug: string;
  title: string;
  visible: boolean;
  overrides: Partial<EventSettings>;
  highlightIds: string[] | null;
}

/** An event as its pages need it, for one `stamp` (version, reload and the owner's plan). */
interface EventModel {
  stamp: string;
  slug: string;
  settings: EventSettings;
  highlights: Highlight[];
  channels: ChannelModel[];
  plan: PlanName;
  remoteReloadAt: string | null;
}

export interface ViewerMessageInput {
  name: string;
  text: string;
  channel?: string | undefined;
}

export interface PublicPageDependencies {
  db: Kysely<Database>;
  now: Clock;
  limiter: RateLimiter;
  limits: AbuseLimits;
  assets: PublicAssets;
}

const stampOf = (head: EventHead) =>
  `${String(head.version)}|${head.remote_reload_at ?? ''}|${head.plan}`;

function trimMap<K, V>(map: Map<K, V>): void {
  while (map.size > CACHE_MAX_ENTRIES) {
    const oldest = map.keys().next();
    if (oldest.done) return;
    map.delete(oldest.value);
  }
}

/** Stored settings over the defaults; a stored value of another type than the default's is ignored. */
export function mergeSettings(stored: string, title: string, slug: string): EventSettings {
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(stored);
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
  } catch {
    // A broken document renders the defaults rather than failing the page.
  }
  const settings: Record<string, unknown> = { ...DEFAULT_EVENT_SETTINGS };
  for (const [key, fallback] of Object.entries(DEFAULT_EVENT_SETTINGS)) {
    const value = parsed[key];
    if (value === undefined) continue;
    if (fallback === null || value === null || typeof value === typeof fallback) {
      settings[key] = value;
    }
  }
  return { ...(settings as Omit<EventSettings, 'title' | 'slug'>), title, slug };
}

function parseOverrides(text: string): Partial<EventSettings> {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object') return {};
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      CHANNEL_OVERRIDE_FIELDS.filter((field) => record[field] !== undefined).map((field) => [
        field,
        record[field],
      ]),
    ) as Partial<EventSettings>;
  } catch {
    return {};
  }
}

function parseIds(text: string | null): string[] | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : null;
  } catch {
    return null;
  }
}

const toPlan = (plan: string): PlanName => (plan in PLAN_ALLOWANCES ? (plan as PlanName) : 'free');

/** The viewer's language among de/en/es/fr from Accept-Language; English by default. */
export function viewerLanguage(acceptLanguage: string | undefined): ViewerLanguage {
  const supported = VIEWER_LANGUAGES as readonly string[];
  const found = acceptedLanguages(acceptLanguage).find((language) => supported.includes(language));
  return (found as ViewerLanguage | undefined) ?? 'en';
}

/**
 * The public event pages (ADR 017): rendered from the settings, cached in memory per event,
 * channel and language, and checked against the event's `version` at most every
 * {@link REVALIDATE_MS}.
 */
export class PublicPageService {
  private readonly heads = new Map<string, HeadEntry>();
  private readonly models = new Map<string, Promise<EventModel>>();
  private readonly pages = new Map<string, { stamp: string; page: RenderedPage }>();
  private readonly notFoundPages = new Map<ViewerLanguage, Buffer>();
  /** Loaded models by event id, for the synchronous fast path. */
  private readonly loaded = new Map<string, EventModel>();
  /** Accept-Language headers already negotiated (few distinct values occur in practice). */
  private readonly languages = new Map<string, ViewerLanguage>();

  constructor(private readonly deps: PublicPageDependencies) {}

  /** The page's own files (viewer script, players). */
  get assets(): PublicAssets {
    return this.deps.assets;
  }

  /** What is known about the event at `slug`, revalidated at most every {@link REVALIDATE_MS}. */
  async head(slug: string): Promise<EventHead | undefined> {
    const nowMs = this.deps.now().getTime();
    const entry = this.heads.get(slug);
    if (entry && nowMs - entry.checkedAt < REVALIDATE_MS) return entry.head;
    if (entry?.pending) return entry.pending;
    const pending = findEventHead(this.deps.db, slug);
    const next: HeadEntry = { head: entry?.head, checkedAt: entry?.checkedAt ?? 0, pending };
    this.heads.set(slug, next);
    try {
      const head = await pending;
      this.heads.delete(slug);
      this.heads.set(slug, { head, checkedAt: nowMs });
      trimMap(this.heads);
      return head;
    } catch (error) {
      this.heads.delete(slug);
      throw error;
    }
  }

  private async model(head: EventHead): Promise<EventModel> {
    const stamp = stampOf(head);
    const cached = this.models.get(head.id);
    if (cached) {
      const model = await cached;
      if (model.stamp === stamp) return model;
      if (this.models.get(head.id) !== cached) return this.model(head);
    }
    const loading = this.loadModel(head, stamp);
    this.models.set(head.id, loading);
    trimMap(this.models);
    loading.then(
      (model) => {
        this.loaded.delete(head.id);
        this.loaded.set(head.id, model);
        trimMap(this.loaded);
      },
      () => this.models.delete(head.id),
    );
    return loading;
  }

  private async loadModel(head: EventHead, stamp: string): Promise<EventModel> {
    const { db } = this.deps;
    const [content, highlights, channels] = await Promise.all([
      findEventContent(db, head.id),
      listHighlights(db, head.id),
      listChannels(db, head.id),
    ]);
    if (!content) throw notFound(ERROR_MESSAGES.eventNotFound);
    return {
      stamp,
      slug: content.slug,
      settings: mergeSettings(content.settings, content.title, content.slug),
      highlights: highlights.map((row) => ({
        id: row.id,
        position: row.position,
        group: row.group_name,
        title: row.title,
        description: row.description,
        link: row.link,
        image: row.image,
      })),
      channels: channels.map((row) => ({
        id: row.id,
        slug: row.slug,
        title: row.title,
        visible: row.visible === 1,
        overrides: parseOverrides(row.overrides),
        highlightIds: parseIds(row.highlight_ids),
      })),
      plan: toPlan(head.plan),
      remoteReloadAt: head.remote_reload_at,
    };
  }

  /** What channel routing needs of the event at `slug` (ADR 018), or undefined. */
  async routable(slug: string): Promise<RoutableEvent | undefined> {
    const head = await this.head(slug);
    if (!head) return undefined;
    const model = await this.model(head);
    return {
      slug: model.slug,
      rules: model.settings.channelRoutingRules,
      channels: model.channels.filter((channel) => channel.visible),
    };
  }

  private negotiate(acceptLanguage: string | undefined): ViewerLanguage {
    const header = acceptLanguage ?? '';
    let language = this.languages.get(header);
    if (!language) {
      language = viewerLanguage(header);
      if (this.languages.size < 1000) this.languages.set(header, language);
    }
    return language;
  }

  /**
   * The page straight from memory when everything about it is known and fresh, without awaiting
   * anything (the hot path of a busy page); undefined sends the caller to {@link page}.
   */
  cachedPage(
    slug: string,
    channelSlug: string | null,
    acceptLanguage: string | undefined,
  ): RenderedPage | undefined {
    const entry = this.heads.get(slug);
    if (!entry?.head || this.deps.now().getTime() - entry.checkedAt >= REVALIDATE_MS) {
      return undefined;
    }
    const model = this.loaded.get(entry.head.id);
    if (!model || model.stamp !== stampOf(entry.head)) return undefined;
    // The main page of an event with routing rules decides per viewer first (ADR 018).
    if (channelSlug === null && model.settings.channelRoutingRules.length > 0) return undefined;
    let language = model.settings.language;
    if (channelSlug !== null) {
      const channel = model.channels.find((candidate) => candidate.slug === channelSlug);
      if (!channel?.visible) return undefined;
      language = channel.overrides.language ?? language;
    }
    const viewer = language === 'auto' ? this.negotiate(acceptLanguage) : language;
    const cached = this.pages.get(`${entry.head.id}|${channelSlug ?? ''}|${viewer}`);
    return cached && cached.stamp === model.stamp ? cached.page : undefined;
  }

  /**
   * The page of an event (or of one of its visible channels) in the viewer's language, or
   * undefined when there is no such event or channel.
   */
  async page(
    slug: string,
    channelSlug: string | null,
    acceptLanguage: string | undefined,
  ): Promise<RenderedPage | undefined> {
    const head = await this.head(slug);
    if (!head) return undefined;
    const model = await this.model(head);
    const channel =
      channelSlug === null
        ? undefined
        : model.channels.find((candidate) => candidate.slug === channelSlug && candidate.visible);
    if (channelSlug !== null && !channel) return undefined;
    const settings: EventSettings = channel
      ? { ...model.settings, ...channel.overrides }
      : model.settings;
    const negotiated = settings.language === 'auto';
    const language =
      settings.language === 'auto' ? this.negotiate(acceptLanguage) : settings.language;
    const key = `${head.id}|${channelSlug ?? ''}|${language}`;
    const cached = this.pages.get(key);
    if (cached && cached.stamp === model.stamp) return cached.page;

    const wanted = channel?.highlightIds ? new Set(channel.highlightIds) : undefined;
    const allowance = PLAN_ALLOWANCES[model.plan];
    const data: PageData = {
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
      allowHideFooterLogo: hasFeature(allowance, 'HIDE_FOOTER_LOGO'),
      allowCustomLayout: hasFeature(allowance, 'CUSTOM_LAYOUT'),
      remoteReloadAt: model.remoteReloadAt,
      assets: this.deps.assets.urls,
    };
    const body = Buffer.from(renderPage(data));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const page: RenderedPage = { body, etag, language, negotiated };
    this.pages.delete(key);
    this.pages.set(key, { stamp: model.stamp, page });
    trimMap(this.pages);
    return page;
  }

  /** The 404 page in the viewer's language. */
  notFoundPage(acceptLanguage: string | undefined): Buffer {
    const language = viewerLanguage(acceptLanguage);
    let page = this.notFoundPages.get(language);
    if (!page) {
      page = Buffer.from(renderNotFound(language));
      this.notFoundPages.set(language, page);
    }
    return page;
  }

  /** What open viewer pages poll: when the organiser last asked them to reload. */
  async state(slug: string): Promise<{ reloadAt: string | null } | undefined> {
    const head = await this.head(slug);
    return head ? { reloadAt: head.remote_reload_at } : undefined;
  }

  /**
   * Stores a viewer's message for the organiser's inbox. Limited per viewer (a cookie id) and
   * event, and far more generously per address and event (thousands of viewers may share one
   * address).
   */
  async submitMessage(
    slug: string,
    input: ViewerMessageInput,
    viewer: { id: string; ip: string },
  ): Promise<void> {
    const { db, now, limiter, limits } = this.deps;
    // Always the current row: a switched-off message tool must refuse at once.
    const head = await findEventHead(db, slug);
    if (!head) throw notFound(ERROR_MESSAGES.eventNotFound);
    const model = await this.model(head);
    if (!model.settings.messagesEnabled) throw forbidden();
    let channelId: string | null = null;
    if (input.channel) {
      const channel = model.channels.find(
        (candidate) => candidate.slug === input.channel && candidate.visible,
      );
      if (!channel) throw notFound(ERROR_MESSAGES.eventChannelNotFound);
      channelId = channel.id;
    }
    await limiter.consume(
      [limits.viewerMessagesPerViewer, `${head.id}:${viewer.id}`],
      [limits.viewerMessagesPerAddress, `${head.id}:${viewer.ip}`],
    );
    await insertMessage(db, {
      id: randomUUID(),
      event_id: head.id,
      channel_id: channelId,
      kind: 'viewer',
      author_name: input.name,
      text: input.text,
      answer: null,
      created_at: now().toISOString(),
    });
  }
}
