import {
  ERROR_MESSAGES,
  type Reaction,
  type ViewerMessage,
  type ViewerMessages,
  type ViewerPolls,
  type ViewerVote,
  type ViewerVoteAnswer,
} from '@livent/shared';
import type { Clock } from '../../../lib/clock.js';
import { forbidden, notFound } from '../../../lib/errors.js';
import type { SubmittedMessage, ViewerMessagesService } from '../../messages/index.js';
import type { ViewerPollsService } from '../../polls/index.js';
import type { ReactionAggregator, ReactionLimits } from '../../reactions/index.js';
import type { AccessCookie, PageAccess, PageAccessCheck } from '../page-access.js';
import { visibleChannel, type EventModel, type PublicEvents } from '../public-events.js';
import type { EventHead } from '../public.repository.js';
import type { Viewer } from '../viewer-cookie.js';

export const STATE_MAX_AGE_S = 5;
/** How long the streams of one event share a fresh read of it when they re-check access. */
export const RECHECK_SHARE_MS = 1_000;

type RecheckedEvent = { head: EventHead; model: EventModel } | undefined;

export interface ViewerApiDependencies {
  events: PublicEvents;
  access: PageAccessCheck;
  /** The messages module's side for viewers: every message and vote goes through it. */
  messages: ViewerMessagesService;
  /** The polls module's side for viewers: the page's polls and every vote (ADR 058). */
  polls: ViewerPollsService;
  /** Viewers' taps, counted in memory and written about once a second (ADR 059). */
  reactions: Pick<ReactionAggregator, 'add'>;
  reactionLimits: ReactionLimits;
  now: Clock;
}

/**
 * What the viewer script asks of an open page (ADR 036): the remote reload's state, the message
 * tool (ADR 025) and which page a live stream is for (ADR 057). This decides which event, page and viewer a call is about and whether
 * the page lets them (the gate, ADR 026; the tool switched on); the messages module stores and
 * reads the messages.
 */
export class ViewerApiService {
  /**
   * The event each slug's streams re-check against, read fresh once per `RECHECK_SHARE_MS` for
   * all of them: thousands of pages of one event share the read, which per stream stalled the
   * event loop for seconds at 10,000 streams (ADR 062).
   */
  private readonly rechecks = new Map<string, { at: number; read: Promise<RecheckedEvent> }>();

  constructor(private readonly deps: ViewerApiDependencies) {}

  /**
   * Shared by the streams of one event only: a slug freed by a deleted event and taken by a new
   * one must not answer the new event's streams with the old one's absence.
   */
  private recheckedModel(slug: string, eventId: string): Promise<RecheckedEvent> {
    const now = this.deps.now().getTime();
    const key = `${eventId}|${slug}`;
    const shared = this.rechecks.get(key);
    if (shared && now - shared.at < RECHECK_SHARE_MS) return shared.read;
    for (const [cached, entry] of this.rechecks) {
      if (now - entry.at >= RECHECK_SHARE_MS) this.rechecks.delete(cached);
    }
    const read = (async () => {
      const head = await this.deps.events.freshHead(slug);
      if (!head) return undefined;
      try {
        return { head, model: await this.deps.events.model(head) };
      } catch (error) {
        // The event is there but its settings did not load (changed meanwhile, the database
        // busy): no refusal, which would end every stream of the event; the next check reads again.
        throw new Error('the event could not be read again', { cause: error });
      }
    })();
    // A failed read is not shared: the next check reads again.
    read.catch(() => {
      if (this.rechecks.get(key)?.read === read) this.rechecks.delete(key);
    });
    this.rechecks.set(key, { at: now, read });
    return read;
  }

  /**
   * When the organiser last asked open pages to reload (read by a page after its stream's reset). A protected event
   * answers only viewers with access (403 otherwise); `protected` tells the route not to let
   * shared caches keep it.
   */
  async state(
    slug: string,
    accessCookie: AccessCookie,
  ): Promise<{ reloadAt: string | null; version: number; protected: boolean } | undefined> {
    const { events } = this.deps;
    const head = await events.head(slug);
    if (!head) return undefined;
    const model = await events.model(head);
    const access = await this.allowed(model, accessCookie);
    return {
      reloadAt: head.remote_reload_at,
      version: head.version,
      protected: access === 'granted',
    };
  }

  /**
   * The page a live stream or its fallback is for (ADR 057): the event at `slug`, read fresh,
   * behind its gate as the message tool is (403 at the gate), and the page's channel id (null for
   * the main page). `stillAllowed` asks again later: a deleted event or a changed access
   * generation (ADR 044) says no.
   */
  async livePage(
    slug: string,
    channelSlug: string | undefined,
    accessCookie: AccessCookie,
  ): Promise<{ eventId: string; channelId: string | null; stillAllowed: () => Promise<boolean> }> {
    const { head, channelId } = await this.openPage(slug, channelSlug, accessCookie);
    const stillAllowed = async () => {
      const current = await this.recheckedModel(slug, head.id);
      if (current?.head.id !== head.id) return false;
      const access = await this.deps.access.resolve(current.model, accessCookie);
      return access === 'open' || access === 'granted';
    };
    return { eventId: head.id, channelId, stillAllowed };
  }

  /** Stores a viewer's message for the organiser's inbox (see {@link ViewerMessagesService}). */
  async submitMessage(
    slug: string,
    input: ViewerMessage,
    viewer: Viewer,
    accessCookie: AccessCookie,
  ): Promise<SubmittedMessage> {
    const { head, model, channelId } = await this.messageTool(slug, input.channel, accessCookie);
    const attendee = this.deps.access.attendee(model, accessCookie);
    return this.deps.messages.submit(head.id, channelId, input, { ...viewer, attendee });
  }

  /**
   * What the page's message tool shows one viewer, with its tag; `messages` is null when the
   * caller knows this tag already (`If-None-Match`), which costs no list query.
   */
  async viewerMessages(
    slug: string,
    channelSlug: string | undefined,
    viewerId: string | undefined,
    accessCookie: AccessCookie,
    knownTag?: string,
  ): Promise<{ tag: string; messages: ViewerMessages | null }> {
    // The cached head: this is polled by every open page, and a few seconds' delay is fine.
    const head = await this.deps.events.head(slug);
    if (!head) throw notFound(ERROR_MESSAGES.eventNotFound);
    const { model, channelId } = await this.messageTool(slug, channelSlug, accessCookie, head);
    const mode = model.settings.messagesMode;
    const { messages } = this.deps;
    const tag = await messages.listTag(head.id, channelId, mode, viewerId);
    if (tag === knownTag) return { tag, messages: null };
    return { tag, messages: await messages.list(head.id, channelId, mode, viewerId) };
  }

  /**
   * A viewer's taps of one reaction. The event is read from the cache (a switched-off bar stops
   * taps within seconds): taps come by the thousand per second and must cost no query. 404 when
   * the event has the bar switched off, 403 for a viewer still at the gate; beyond the viewer's
   * or the address's limit 429, and nothing counted.
   */
  async react(
    slug: string,
    input: { reaction: Reaction; count: number },
    viewer: Viewer,
    accessCookie: AccessCookie,
  ): Promise<void> {
    const { events } = this.deps;
    const head = await events.head(slug);
    if (!head) throw notFound(ERROR_MESSAGES.eventNotFound);
    const model = await events.model(head);
    if (!model.settings.reactionsEnabled) throw notFound();
    await this.allowed(model, accessCookie);
    this.deps.reactionLimits.consume(head.id, viewer, this.deps.now().getTime());
    this.deps.reactions.add(head.id, input.reaction, input.count);
  }

  /** One viewer's vote for a public question; plain messages have no votes (not found). */
  async vote(
    slug: string,
    messageId: string,
    viewer: Viewer,
    accessCookie: AccessCookie,
  ): Promise<void> {
    const { head, model } = await this.messageTool(slug, undefined, accessCookie);
    if (model.settings.messagesMode !== 'qa') throw notFound(ERROR_MESSAGES.messageNotFound);
    await this.deps.messages.vote(head.id, messageId, viewer);
  }

  /** The page's live polls and closed ones with results shown, with this viewer's answers. */
  async polls(
    slug: string,
    channelSlug: string | undefined,
    viewerId: string | undefined,
    accessCookie: AccessCookie,
  ): Promise<ViewerPolls> {
    // The cached head, as for the messages: every open page reads this after a reconnect.
    const head = await this.deps.events.head(slug);
    if (!head) throw notFound(ERROR_MESSAGES.eventNotFound);
    const { channelId } = await this.openPage(slug, channelSlug, accessCookie, head);
    return this.deps.polls.list(head.id, channelId, viewerId);
  }

  /** A viewer's vote on a live poll that this page shows (see {@link ViewerPollsService}). */
  async votePoll(
    slug: string,
    channelSlug: string | undefined,
    pollId: string,
    input: ViewerVote,
    viewer: Viewer,
    accessCookie: AccessCookie,
  ): Promise<ViewerVoteAnswer> {
    const { head, model, channelId } = await this.openPage(slug, channelSlug, accessCookie);
    const attendee = this.deps.access.attendee(model, accessCookie);
    return this.deps.polls.vote(head.id, channelId, pollId, input, { ...viewer, attendee });
  }

  /**
   * The viewer's access to the event's page; 403 at the gate, saying so when the viewer's session
   * ended (ADR 067): the page script then reloads into the gate, which tells why.
   */
  private async allowed(model: EventModel, accessCookie: AccessCookie): Promise<PageAccess> {
    const access = await this.deps.access.resolve(model, accessCookie);
    if (access === 'ended') throw forbidden(ERROR_MESSAGES.sessionEnded);
    if (access === 'gate') throw forbidden();
    return access;
  }

  /** {@link openPage} for the message tool, which must be switched on (403 otherwise). */
  private async messageTool(
    slug: string,
    channelSlug: string | undefined,
    accessCookie: AccessCookie,
    head?: EventHead,
  ): Promise<{ head: EventHead; model: EventModel; channelId: string | null }> {
    return this.openPage(slug, channelSlug, accessCookie, head, (model) => {
      if (!model.settings.messagesEnabled) throw forbidden();
    });
  }

  /**
   * The event at `slug`, read fresh (a switched-off tool must refuse at once) unless the caller
   * has the head, when the viewer may see its page, and the page's channel id (null for the main
   * page). `check` refuses before the gate is asked.
   */
  private async openPage(
    slug: string,
    channelSlug: string | undefined,
    accessCookie: AccessCookie,
    head?: EventHead,
    check?: (model: EventModel) => void,
  ): Promise<{ head: EventHead; model: EventModel; channelId: string | null }> {
    const { events } = this.deps;
    head ??= await events.freshHead(slug);
    if (!head) throw notFound(ERROR_MESSAGES.eventNotFound);
    const model = await events.model(head);
    check?.(model);
    // The page's tools are behind the event's gate like the rest of the page (ADR 026).
    await this.allowed(model, accessCookie);
    let channelId: string | null = null;
    if (channelSlug) {
      const channel = visibleChannel(model, channelSlug);
      if (!channel) throw notFound(ERROR_MESSAGES.eventChannelNotFound);
      channelId = channel.id;
    }
    return { head, model, channelId };
  }
}
