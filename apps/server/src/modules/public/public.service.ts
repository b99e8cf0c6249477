import { createHash, randomUUID } from 'node:crypto';
import {
  ERROR_MESSAGES,
  type MessageStatus,
  type ViewerMessage,
  type ViewerMessages,
  hasFeature,
  PLAN_ALLOWANCES,
  VIEWER_LANGUAGES,
  type EventSettings,
  type ChannelOverrides,
  type Highlight,
  type PlanName,
  type ViewerLanguage,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, forbidden, isHttpError, notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { negotiateLanguage } from '../../lib/accept-language.js';
import type { RoutableEvent } from '../channels/channel-router.js';
import {
  readChannelOverrides,
  readEventSettings,
  readHighlightIds,
} from '../events/settings-reader.js';
import {
  addVote,
  findMessageByKey,
  findVotableMessage,
  insertMessage,
  listOwnMessages,
  listPublicQuestions,
  listVotedIds,
} from '../messages/messages.repository.js';
import { appendMessageChange, type MessageNotifier } from '../messages/message-log.js';
import type { InvitationAccess } from '../invitations/invitation-access.js';
import type {
  RegisterOutcome,
  RegistrationsService,
} from '../registrations/registrations.service.js';
import type { SsoService } from '../sso/sso.service.js';
import { recordLogin, ssoLabel } from '../logins/logins.repository.js';
import type { PublicAssets } from './public-assets.js';
import {
  findEventContent,
  findEventHead,
  listChannels,
  listHighlights,
  type EventHead,
} from './public.repository.js';
import { renderPage } from './page/event-page.js';
import { renderNotFound } from './page/not-found-page.js';
import type { ChannelLink, GateError, PageData } from './page/page-data.js';
import { ACCESS_MAX_AGE_S, codeMatches, ViewerAccess, type AccessClaims } from './viewer-access.js';

/**
 * How long an instance trusts what it knows about an event before one cheap indexed query checks
 * its `version` again (ADR 017). With {@link PAGE_MAX_AGE_S} for browsers and CDNs, a save shows
 * within 5 + 15 = 20 seconds (the spec allows 30).
 */
export const REVALIDATE_MS = 5_000;
export const PAGE_MAX_AGE_S = 15;
export const STATE_MAX_AGE_S = 5;
/** Events whose head and model an instance keeps; the least recently used go first. */
const CACHE_MAX_EVENTS = 5_000;
/** Bytes of rendered pages an instance keeps. */
const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

export const PAGE_CACHE_CONTROL = `public, max-age=${PAGE_MAX_AGE_S}, s-maxage=${PAGE_MAX_AGE_S}`;

/**
 * What a request may see of an event's page (ADR 026): the whole page of an unprotected event,
 * the gate of a protected one, or the whole protected page for a viewer with a valid access
 * cookie (which no shared cache may keep).
 */
export type PageAccess = 'open' | 'gate' | 'granted';

export interface RenderedPage {
  body: Buffer;
  etag: string;
  language: ViewerLanguage;
  /** The language came from Accept-Language (the answer varies by it). */
  negotiated: boolean;
  access: PageAccess;
}

/** What an access code attempt came to; the routes turn it into a redirect or the gate. */
export type CodeAttempt =
  | { outcome: 'granted'; location: string; cookie: string; cookiePath: string; maxAge: number }
  /** The event takes no code (any more): back to its page. */
  | { outcome: 'not-needed'; location: string }
  | { outcome: 'wrong' }
  | { outcome: 'limited'; retryAfterSeconds: number };

/** What a registration at the gate came to: a code attempt's outcomes, or why the form is back. */
export type RegistrationAttempt =
  CodeAttempt | Exclude<RegisterOutcome, { outcome: 'granted' | 'limited' }>;

/** A protected event a viewer tries to get into, and where to go afterwards. */
export interface AccessTarget {
  head: EventHead;
  model: EventModel;
  location: string;
}

/** What the slug lookup found (a wrapper: the cache cannot hold "no such event" as undefined). */
interface HeadEntry {
  head: EventHead | undefined;
}

interface ChannelModel {
  id: string;
  slug: string;
  title: string;
  visible: boolean;
  overrides: ChannelOverrides;
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
  /** The gate's single sign-on button label (the cip mode only). */
  ssoButtonLabel: string;
  /** Whether a provider is set up (the cip mode only). */
  ssoConfigured: boolean;
}

/** Who sends or votes through the public page: the viewer cookie's id and the address. */
export interface Viewer {
  id: string;
  ip: string;
}

/** What a submit answers: the stored message, and whether this request stored it. */
export interface SubmittedMessage {
  id: string;
  status: MessageStatus;
  created: boolean;
}

/**
 * A submit whose key is already stored: the sender's retry answers its message; the same key
 * from another viewer (the key travels in the request body, anyone can copy it) is refused, so
 * that it tells nobody another viewer's message id or moderation state.
 */
function replayedSubmit(
  known: { id: string; status: string; viewer_id: string | null },
  viewer: Viewer,
): SubmittedMessage {
  if (known.viewer_id !== viewer.id) throw badRequest();
  return { id: known.id, status: known.status as MessageStatus, created: false };
}

export interface PublicPageDependencies {
  db: Kysely<Database>;
  now: Clock;
  limiter: RateLimiter;
  limits: AbuseLimits;
  assets: PublicAssets;
  /** Told after every message write, so that open inboxes see it at once (ADR 025). */
  messageFeed: MessageNotifier;
  /** Signs the viewers' access cookies (a key derived for that alone). */
  appSecret: string;
  /** The invitation way in: sign-in, personal links, and whether an invitation still holds. */
  invitations: InvitationAccess;
  /** The registration way in: the form, personal links, and whether a registration still exists. */
  registrations: RegistrationsService;
  /** The single sign-on way in: the gate's button label. */
  sso: Pick<SsoService, 'gate'>;
}

const stampOf = (head: EventHead) =>
  `${String(head.version)}|${head.remote_reload_at ?? ''}|${head.plan}`;

const toPlan = (plan: string): PlanName => (plan in PLAN_ALLOWANCES ? (plan as PlanName) : 'free');

/** English first: a wildcard (`*`) in Accept-Language gets the default. */
const NEGOTIATED_LANGUAGES: readonly ViewerLanguage[] = [
  'en',
  ...VIEWER_LANGUAGES.filter((language) => language !== 'en'),
];

/** The viewer's language among de/en/es/fr from Accept-Language; English by default. */
export function viewerLanguage(acceptLanguage: string | undefined): ViewerLanguage {
  return negotiateLanguage(acceptLanguage, NEGOTIATED_LANGUAGES) ?? 'en';
}

/**
 * The public event pages (ADR 017): rendered from the settings, cached in memory per event,
 * channel and language, and checked against the event's `version` at most every
 * {@link REVALIDATE_MS}.
 */
export class PublicPageService {
  /** The slug lookups, trusted for {@link REVALIDATE_MS}; concurrent lookups share one query. */
  private readonly heads: LRUCache<string, HeadEntry>;
  /** Events as their pages need them, by id and stamp; concurrent loads share one. */
  private readonly models: LRUCache<string, EventModel, EventHead>;
  /** Rendered pages by event, stamp, channel and language, up to a byte budget. */
  private readonly pages = new LRUCache<string, RenderedPage>({
    maxSize: PAGE_CACHE_MAX_BYTES,
    sizeCalculation: (page) => page.body.length,
  });
  /** Accept-Language headers already negotiated (few distinct values occur in practice). */
  private readonly languages = new LRUCache<string, ViewerLanguage>({ max: 1_000 });
  private readonly notFoundPages = new Map<ViewerLanguage, Buffer>();
  private readonly access: ViewerAccess;

  constructor(private readonly deps: PublicPageDependencies) {
    this.access = new ViewerAccess(deps.appSecret);
    // The injected clock, so that tests move time instead of waiting for it.
    const perf = { now: () => deps.now().getTime() };
    this.heads = new LRUCache({
      max: CACHE_MAX_EVENTS,
      // Fresh for less than REVALIDATE_MS (the cache counts an entry stale only past its ttl).
      ttl: REVALIDATE_MS - 1,
      // Every lookup asks the clock (the default caches it for a millisecond of real time).
      ttlResolution: 0,
      perf,
      fetchMethod: async (slug) => ({ head: await findEventHead(deps.db, slug, deps.now()) }),
    });
    this.models = new LRUCache({
      max: CACHE_MAX_EVENTS,
      fetchMethod: (_key, _stale, { context }) => this.loadModel(context),
    });
  }

  /** The page's own files (viewer script, players). */
  get assets(): PublicAssets {
    return this.deps.assets;
  }

  /** What is known about the event at `slug`, revalidated at most every {@link REVALIDATE_MS}. */
  async head(slug: string): Promise<EventHead | undefined> {
    return (await this.heads.fetch(slug))?.head;
  }

  private async model(head: EventHead): Promise<EventModel> {
    const model = await this.models.fetch(`${head.id}|${stampOf(head)}`, { context: head });
    if (!model) throw notFound(ERROR_MESSAGES.eventNotFound);
    return model;
  }

  private async loadModel(head: EventHead): Promise<EventModel> {
    const { db } = this.deps;
    const [content, highlights, channels] = await Promise.all([
      findEventContent(db, head.id),
      listHighlights(db, head.id),
      listChannels(db, head.id),
    ]);
    if (!content) throw notFound(ERROR_MESSAGES.eventNotFound);
    const settings = readEventSettings(content);
    const sso =
      settings.accessMode === 'cip'
        ? await this.deps.sso.gate(head.id)
        : { configured: false, buttonLabel: '' };
    return {
      stamp: stampOf(head),
      slug: content.slug,
      settings,
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
        overrides: readChannelOverrides(row.overrides),
        highlightIds: readHighlightIds(row.highlight_ids),
      })),
      plan: toPlan(head.plan),
      remoteReloadAt: head.remote_reload_at,
      ssoButtonLabel: sso.buttonLabel,
      ssoConfigured: sso.configured,
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
      this.languages.set(header, language);
    }
    return language;
  }

  /** The language of a page of `model` (a channel's or the event's; `auto` asks the browser). */
  private languageOf(
    model: EventModel,
    channel: ChannelModel | undefined,
    acceptLanguage: string | undefined,
  ): { language: ViewerLanguage; negotiated: boolean } {
    const setting = channel?.overrides.language ?? model.settings.language;
    return setting === 'auto'
      ? { language: this.negotiate(acceptLanguage), negotiated: true }
      : { language: setting, negotiated: false };
  }

  /**
   * The page straight from memory when everything about it is known and fresh, without awaiting
   * anything (the hot path of a busy page); undefined sends the caller to {@link page}.
   */
  cachedPage(
    slug: string,
    channelSlug: string | null,
    acceptLanguage: string | undefined,
    accessCookie: () => string | undefined,
  ): RenderedPage | undefined {
    const head = this.heads.get(slug)?.head;
    if (!head) return undefined;
    const stamp = stampOf(head);
    const model = this.models.get(`${head.id}|${stamp}`);
    if (!model) return undefined;
    // The main page of an event with routing rules decides per viewer first (ADR 018).
    if (channelSlug === null && model.settings.channelRoutingRules.length > 0) return undefined;
    const channel =
      channelSlug === null
        ? undefined
        : model.channels.find((candidate) => candidate.slug === channelSlug);
    if (channelSlug !== null && !channel?.visible) return undefined;
    const { language } = this.languageOf(model, channel, acceptLanguage);
    const access = this.accessOf(head.id, model, accessCookie);
    if (!access) return undefined;
    return this.pages.get(`${head.id}|${stamp}|${channelSlug ?? ''}|${language}|${access}`);
  }

  /**
   * Whether this request gets the gate or the page (ADR 026); channels share the event's gate.
   * Undefined when an invitation's cookie needs the invitation looked up first
   * ({@link resolveAccess} waits for it).
   */
  private accessOf(
    eventId: string,
    model: EventModel,
    cookie: string | undefined | (() => string | undefined),
  ): PageAccess | undefined {
    if (model.settings.accessMode === 'none') return 'open';
    // Read lazily: pages of open events never parse the Cookie header (ADR 020).
    const value = typeof cookie === 'function' ? cookie() : cookie;
    const claims = this.grant(eventId, model, value);
    if (!claims) return 'gate';
    if (claims.way === 'registration') {
      return this.deps.registrations.knownToExist(claims.subject) ? 'granted' : undefined;
    }
    if (claims.way !== 'invitation') return 'granted';
    const holds = this.deps.invitations.peek(eventId, claims.subject, claims.version ?? 0);
    return holds === undefined ? undefined : holds ? 'granted' : 'gate';
  }

  /**
   * {@link accessOf}, asking the database when needed: a deleted invitation, or one with a new
   * password or link, no longer gives access (within the invitation check's few seconds).
   */
  private async resolveAccess(
    eventId: string,
    model: EventModel,
    cookie: string | undefined | (() => string | undefined),
  ): Promise<PageAccess> {
    const value = typeof cookie === 'function' ? cookie() : cookie;
    const access = this.accessOf(eventId, model, value);
    if (access) return access;
    const claims = this.grant(eventId, model, value);
    if (!claims) return 'gate';
    if (claims.way === 'registration') {
      return (await this.deps.registrations.exists(eventId, claims.subject)) ? 'granted' : 'gate';
    }
    const holds = await this.deps.invitations.check(eventId, claims.subject, claims.version ?? 0);
    return holds ? 'granted' : 'gate';
  }

  private grant(
    eventId: string,
    model: EventModel,
    cookie: string | undefined,
  ): AccessClaims | undefined {
    const generation = this.access.generation(eventId, model.settings);
    return this.access.verify(cookie, eventId, generation, this.deps.now().getTime());
  }

  /**
   * The page of an event (or of one of its visible channels) in the viewer's language, or
   * undefined when there is no such event or channel.
   */
  async page(
    slug: string,
    channelSlug: string | null,
    acceptLanguage: string | undefined,
    accessCookie: () => string | undefined,
    gateError?: GateError,
  ): Promise<RenderedPage | undefined> {
    const head = await this.head(slug);
    if (!head) return undefined;
    const model = await this.model(head);
    const channel =
      channelSlug === null
        ? undefined
        : model.channels.find((candidate) => candidate.slug === channelSlug && candidate.visible);
    if (channelSlug !== null && !channel) return undefined;
    const { language, negotiated } = this.languageOf(model, channel, acceptLanguage);
    const access = await this.resolveAccess(head.id, model, accessCookie);
    // The gate with an error answers one request: never kept.
    const keep = !(gateError && access === 'gate');
    const key = `${head.id}|${model.stamp}|${channelSlug ?? ''}|${language}|${access}`;
    const cached = keep ? this.pages.get(key) : undefined;
    if (cached) return cached;

    const settings: EventSettings = channel
      ? { ...model.settings, ...channel.overrides }
      : model.settings;
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
      protected: access !== 'open',
      gate: access === 'gate' ? { error: gateError } : null,
      ssoButtonLabel: model.ssoButtonLabel,
      ssoConfigured: model.ssoConfigured,
    };
    const body = Buffer.from(renderPage(data));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const page: RenderedPage = { body, etag, language, negotiated, access };
    if (keep) this.pages.set(key, page);
    return page;
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

  /**
   * What open viewer pages poll: when the organiser last asked them to reload. A protected event
   * answers only viewers with access (403 otherwise); `protected` tells the route not to let
   * shared caches keep it.
   */
  async state(
    slug: string,
    accessCookie: () => string | undefined,
  ): Promise<{ reloadAt: string | null; protected: boolean } | undefined> {
    const head = await this.head(slug);
    if (!head) return undefined;
    const model = await this.model(head);
    const access = await this.resolveAccess(head.id, model, accessCookie);
    if (access === 'gate') throw forbidden();
    return { reloadAt: head.remote_reload_at, protected: access === 'granted' };
  }

  /**
   * A viewer's access code (ADR 026): the right one answers a signed access cookie for the
   * event's path; guessing is limited per viewer and event and, generously, per address and
   * event. Read fresh, so that a changed code counts at once.
   */
  async enterCode(
    slug: string,
    input: { code: string; channel: string | undefined },
    viewer: Viewer,
  ): Promise<CodeAttempt | undefined> {
    const { limiter, limits, now } = this.deps;
    const head = await findEventHead(this.deps.db, slug, this.deps.now());
    if (!head) return undefined;
    const model = await this.model(head);
    const channel = model.channels.find(
      (candidate) => candidate.slug === input.channel && candidate.visible,
    );
    const location = channel ? `/${model.slug}/${channel.slug}` : `/${model.slug}`;
    const { accessMode, accessCode } = model.settings;
    if (accessMode !== 'code') return { outcome: 'not-needed', location };
    try {
      await limiter.consume(
        [limits.accessCodePerViewer, `${head.id}:${viewer.id}`],
        [limits.accessCodePerAddress, `${head.id}:${viewer.ip}`],
      );
    } catch (error) {
      if (!isHttpError(error) || error.statusCode !== 429) throw error;
      return {
        outcome: 'limited',
        retryAfterSeconds: Number(error.headers['retry-after'] ?? 60),
      };
    }
    if (!codeMatches(input.code, accessCode)) return { outcome: 'wrong' };
    await recordLogin(this.deps.db, {
      eventId: head.id,
      way: 'code',
      subject: viewer.id,
      at: now(),
    });
    const issuedAt = Math.floor(now().getTime() / 1000);
    const cookie = this.access.issue({
      eventId: head.id,
      way: 'code',
      subject: viewer.id,
      generation: this.access.generation(head.id, model.settings),
      issuedAt,
      expiresAt: issuedAt + ACCESS_MAX_AGE_S,
    });
    return {
      outcome: 'granted',
      location,
      cookie,
      cookiePath: `/${model.slug}`,
      maxAge: ACCESS_MAX_AGE_S,
    };
  }

  /**
   * A viewer's sign-in with an invitation's username and password (ADR 026), limited like the
   * code. Each sign-in counts as a login of the invitation; the cookie's subject is the
   * invitation, with its access version, so that deleting it or changing its password ends it.
   */
  async enterInvitation(
    slug: string,
    input: { username: string; password: string; channel?: string },
    viewer: Viewer,
  ): Promise<CodeAttempt | undefined> {
    const target = await this.invitationTarget(slug, input.channel);
    if (!target || 'outcome' in target) return target;
    const limited = await this.consumeAccessTry(target.head.id, viewer);
    if (limited) return limited;
    const grant = await this.deps.invitations.signIn(
      target.head.id,
      input.username,
      input.password,
    );
    if (!grant) return { outcome: 'wrong' };
    return await this.granted(target.head.id, target.model, target.location, grant);
  }

  /**
   * A viewer's personal link (ADR 026): the invitation of the token signs in and counts a login.
   * An unknown token counts as a failed try (limited like the code).
   */
  async openPersonalLink(
    slug: string,
    token: string,
    viewer: Viewer,
  ): Promise<CodeAttempt | undefined> {
    const target = await this.invitationTarget(slug, undefined);
    if (!target || 'outcome' in target) return target;
    const grant = await this.deps.invitations.openLink(target.head.id, token);
    if (grant) return await this.granted(target.head.id, target.model, target.location, grant);
    return (await this.consumeAccessTry(target.head.id, viewer)) ?? { outcome: 'wrong' };
  }

  /**
   * A viewer's registration at the gate (ADR 026): in the default and send modes the access
   * cookie at once (its subject the registration), in the verify mode "check your inbox".
   */
  async register(
    slug: string,
    form: Record<string, string | undefined>,
    viewer: Viewer,
    acceptLanguage: string | undefined,
  ): Promise<RegistrationAttempt | undefined> {
    const target = await this.accessTarget(slug, form.channel, 'registration');
    if (!target || 'outcome' in target) return target;
    const { head, model } = target;
    const channel = model.channels.find((candidate) => candidate.slug === form.channel);
    const { language } = this.languageOf(model, channel, acceptLanguage);
    const outcome = await this.deps.registrations.register(
      {
        id: head.id,
        slug: model.slug,
        title: model.settings.title,
        settings: model.settings,
        language,
      },
      form,
      viewer,
    );
    if (outcome.outcome !== 'granted') return outcome;
    return await this.granted(
      head.id,
      model,
      target.location,
      { id: outcome.registrationId },
      'registration',
    );
  }

  /** A registration's personal link (also the verification link of the verify mode). */
  async openRegistrationLink(
    slug: string,
    token: string,
    viewer: Viewer,
  ): Promise<CodeAttempt | undefined> {
    const target = await this.accessTarget(slug, undefined, 'registration');
    if (!target || 'outcome' in target) return target;
    const id = await this.deps.registrations.openLink(target.head.id, token);
    if (id)
      return await this.granted(
        target.head.id,
        target.model,
        target.location,
        { id },
        'registration',
      );
    return (await this.consumeAccessTry(target.head.id, viewer)) ?? { outcome: 'wrong' };
  }

  /** The event of a single sign-on (ADR 026), read fresh, and where to go after it. */
  ssoTarget(slug: string, channelSlug: string | undefined) {
    return this.accessTarget(slug, channelSlug, 'cip');
  }

  /** Counts a single sign-on try like a code; the refusal when over the limit. */
  countSsoTry(target: AccessTarget, viewer: Viewer): Promise<CodeAttempt | undefined> {
    return this.consumeAccessTry(target.head.id, viewer);
  }

  /** The access cookie for the provider's subject (way `cip`), back to where the sign-in began. */
  grantSso(
    target: AccessTarget,
    identity: { subject: string; name: string | null; email: string | null },
    location: string,
  ): Promise<CodeAttempt> {
    return this.granted(
      target.head.id,
      target.model,
      location,
      { id: identity.subject },
      'cip',
      ssoLabel(identity),
    );
  }

  private invitationTarget(slug: string, channelSlug: string | undefined) {
    return this.accessTarget(slug, channelSlug, 'invitation');
  }

  /** The event of an invitation sign-in, read fresh, and where to go after it. */
  private async accessTarget(
    slug: string,
    channelSlug: string | undefined,
    mode: 'invitation' | 'registration' | 'cip',
  ): Promise<AccessTarget | CodeAttempt | undefined> {
    const head = await findEventHead(this.deps.db, slug, this.deps.now());
    if (!head) return undefined;
    const model = await this.model(head);
    const channel = model.channels.find(
      (candidate) => candidate.slug === channelSlug && candidate.visible,
    );
    const location = channel ? `/${model.slug}/${channel.slug}` : `/${model.slug}`;
    if (model.settings.accessMode !== mode) return { outcome: 'not-needed', location };
    return { head, model, location };
  }

  /** Counts a try at the gate; the refusal when the viewer or the address is over the limit. */
  private async consumeAccessTry(
    eventId: string,
    viewer: Viewer,
  ): Promise<CodeAttempt | undefined> {
    const { limiter, limits } = this.deps;
    try {
      await limiter.consume(
        [limits.accessCodePerViewer, `${eventId}:${viewer.id}`],
        [limits.accessCodePerAddress, `${eventId}:${viewer.ip}`],
      );
      return undefined;
    } catch (error) {
      if (!isHttpError(error) || error.statusCode !== 429) throw error;
      return {
        outcome: 'limited',
        retryAfterSeconds: Number(error.headers['retry-after'] ?? 60),
      };
    }
  }

  /** Records the login (ADR 026) and issues the access cookie of a sign-in that succeeded. */
  private async granted(
    eventId: string,
    model: EventModel,
    location: string,
    grant: { id: string; version?: number },
    way: 'invitation' | 'registration' | 'cip' = 'invitation',
    label?: string,
  ): Promise<CodeAttempt> {
    const at = this.deps.now();
    await recordLogin(this.deps.db, {
      eventId,
      way,
      subject: grant.id,
      at,
      ...(label === undefined ? {} : { label }),
    });
    const issuedAt = Math.floor(at.getTime() / 1000);
    const cookie = this.access.issue({
      eventId,
      way,
      subject: grant.id,
      generation: this.access.generation(eventId, model.settings),
      ...(grant.version === undefined ? {} : { version: grant.version }),
      issuedAt,
      expiresAt: issuedAt + ACCESS_MAX_AGE_S,
    });
    return {
      outcome: 'granted',
      location,
      cookie,
      cookiePath: `/${model.slug}`,
      maxAge: ACCESS_MAX_AGE_S,
    };
  }

  /**
   * The event at `slug` with its message tool switched on, read fresh (a switched-off tool must
   * refuse at once), and the page's channel id (null for the main page).
   */
  private async messageTool(
    slug: string,
    channelSlug: string | undefined,
    accessCookie: string | undefined,
    head?: EventHead,
  ): Promise<{ head: EventHead; model: EventModel; channelId: string | null }> {
    head ??= await findEventHead(this.deps.db, slug, this.deps.now());
    if (!head) throw notFound(ERROR_MESSAGES.eventNotFound);
    const model = await this.model(head);
    if (!model.settings.messagesEnabled) throw forbidden();
    // The message tool is behind the event's gate like the rest of the page (ADR 026).
    if ((await this.resolveAccess(head.id, model, accessCookie)) === 'gate') throw forbidden();
    let channelId: string | null = null;
    if (channelSlug) {
      const channel = model.channels.find(
        (candidate) => candidate.slug === channelSlug && candidate.visible,
      );
      if (!channel) throw notFound(ERROR_MESSAGES.eventChannelNotFound);
      channelId = channel.id;
    }
    return { head, model, channelId };
  }

  /**
   * Stores a viewer's message for the organiser's inbox (ADR 025). The submit's key makes a
   * double submit or a retry store one message: a known key answers the stored one. Limited per
   * viewer (a cookie id) and event, and far more generously per address and event (thousands of
   * viewers may share one address); a retry answered from its key is not counted again.
   */
  async submitMessage(
    slug: string,
    input: ViewerMessage,
    viewer: Viewer,
    accessCookie: string | undefined,
  ): Promise<SubmittedMessage> {
    const { db, now, limiter, limits } = this.deps;
    const { head, channelId } = await this.messageTool(slug, input.channel, accessCookie);
    const known = await findMessageByKey(db, head.id, input.key);
    if (known) return replayedSubmit(known, viewer);
    await limiter.consume(
      [limits.viewerMessagesPerViewer, `${head.id}:${viewer.id}`],
      [limits.viewerMessagesPerAddress, `${head.id}:${viewer.ip}`],
    );
    const id = randomUUID();
    const at = now().toISOString();
    try {
      await db.transaction().execute(async (trx) => {
        await insertMessage(trx, {
          id,
          event_id: head.id,
          channel_id: channelId,
          kind: 'viewer',
          author_name: input.name,
          text: input.text,
          answer: null,
          status: 'new',
          viewer_id: viewer.id,
          idempotency_key: input.key,
          created_at: at,
          updated_at: at,
        });
        await appendMessageChange(trx, {
          eventId: head.id,
          messageId: id,
          change: 'created',
          at,
        });
      });
    } catch (error) {
      // A concurrent submit with the same key won the unique index: answer its message.
      if (!isUniqueViolation(error)) throw error;
      const winner = await findMessageByKey(db, head.id, input.key);
      if (!winner) throw error;
      return replayedSubmit(winner, viewer);
    }
    this.deps.messageFeed.notify(head.id);
    return { id, status: 'new', created: true };
  }

  /**
   * What the page's message tool shows one viewer (ADR 025): the public questions of this page,
   * the viewer's votes among them and their own messages with status and answer (private ones
   * too: only the sender asks with their cookie). Without a viewer id, nothing of their own.
   */
  async viewerMessages(
    slug: string,
    channelSlug: string | undefined,
    viewerId: string | undefined,
    accessCookie: string | undefined,
  ): Promise<ViewerMessages> {
    const { db } = this.deps;
    // The cached head: this is polled by every open page, and a few seconds' delay is fine.
    const head = await this.head(slug);
    if (!head) throw notFound(ERROR_MESSAGES.eventNotFound);
    const { model, channelId } = await this.messageTool(slug, channelSlug, accessCookie, head);
    const mode = model.settings.messagesMode;
    const [rows, own] = await Promise.all([
      listPublicQuestions(db, head.id, channelId, mode),
      viewerId ? listOwnMessages(db, head.id, viewerId) : Promise.resolve([]),
    ]);
    const voted =
      viewerId && mode === 'qa'
        ? await listVotedIds(
            db,
            viewerId,
            rows.map((row) => row.id),
          )
        : [];
    return {
      mode,
      questions: rows.map((row) => ({
        id: row.id,
        authorName: row.author_name,
        text: row.text,
        status: row.status as MessageStatus,
        answer: row.answer_public === 1 ? row.answer : null,
        votes: row.votes,
        pinned: row.pinned_at !== null,
        createdAt: row.created_at,
      })),
      voted,
      mine: own.map((row) => ({
        id: row.id,
        text: row.text,
        status: row.status as MessageStatus,
        answer: row.answer,
        answerPublic: row.answer_public === 1,
        createdAt: row.created_at,
      })),
    };
  }

  /**
   * One viewer's vote for a public question (Q&A only); a second vote is a no-op. Anything else
   * (plain mode, a question not approved, another event's) is not found for viewers.
   */
  async vote(
    slug: string,
    messageId: string,
    viewer: Viewer,
    accessCookie: string | undefined,
  ): Promise<void> {
    const { db, now, limiter, limits } = this.deps;
    const { head, model } = await this.messageTool(slug, undefined, accessCookie);
    if (model.settings.messagesMode !== 'qa') throw notFound(ERROR_MESSAGES.messageNotFound);
    if (!(await findVotableMessage(db, head.id, messageId))) {
      throw notFound(ERROR_MESSAGES.messageNotFound);
    }
    await limiter.consume(
      [limits.viewerVotesPerViewer, `${head.id}:${viewer.id}`],
      [limits.viewerVotesPerAddress, `${head.id}:${viewer.ip}`],
    );
    const at = now().toISOString();
    const counted = await db.transaction().execute(async (trx) => {
      if (!(await addVote(trx, { messageId, viewerId: viewer.id, at }))) return false;
      await appendMessageChange(trx, { eventId: head.id, messageId, change: 'changed', at });
      return true;
    });
    if (counted) this.deps.messageFeed.notify(head.id);
  }
}
