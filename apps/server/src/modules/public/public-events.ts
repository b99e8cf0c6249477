import {
  channelSettings,
  ERROR_MESSAGES,
  eventTimes,
  PLAN_ALLOWANCES,
  type ChannelOverrides,
  type EventSettings,
  type EventTimes,
  type Highlight,
  type PlanName,
} from '@livent/shared';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { RoutableEvent } from '../channels/index.js';
import { readChannelOverrides, readEventSettings, readHighlightIds } from '../events/index.js';
import { toHighlight } from '../highlights/index.js';
import type { SsoService } from '../sso/index.js';
import {
  findEventContent,
  findEventHead,
  listChannels,
  listHighlights,
  type EventHead,
} from './public.repository.js';

/**
 * How long an instance trusts what it knows about an event before one cheap indexed query checks
 * its `version` again (ADR 017). With the pages' `max-age` for browsers and CDNs, a save shows
 * within 5 + 15 = 20 seconds (the spec allows 30).
 */
export const REVALIDATE_MS = 5_000;
/** Events whose head and model an instance keeps; the least recently used go first. */
const CACHE_MAX_EVENTS = 5_000;

/** What the slug lookup found (a wrapper: the cache cannot hold "no such event" as undefined). */
interface HeadEntry {
  head: EventHead | undefined;
}

export interface ChannelModel {
  id: string;
  slug: string;
  title: string;
  visible: boolean;
  overrides: ChannelOverrides;
  highlightIds: string[] | null;
  /** The channel's start and end (its overrides of the times over the event's). */
  times: EventTimes;
}

/** An event as its pages need it, for one `stamp` (version, reload and the owner's plan). */
export interface EventModel {
  /** The event's id (its head's). */
  id: string;
  stamp: string;
  /** The event's version: open pages compare it with a `state` frame's. */
  version: number;
  slug: string;
  settings: EventSettings;
  /**
   * The event's start and end as instants, worked out once per stamp: the page's state is
   * compared with them on every request (docs/decisions/063-event-times-and-page-states.md).
   */
  times: EventTimes;
  /** Raised when access granted before ends (ADR 044): part of every access cookie. */
  accessGeneration: number;
  highlights: Highlight[];
  channels: ChannelModel[];
  plan: PlanName;
  /** The owner's plan at the last save or new event, whose features the page keeps (ADR 054). */
  savedPlan: PlanName;
  remoteReloadAt: string | null;
  /** The gate's single sign-on button label (the cip mode only). */
  ssoButtonLabel: string;
  /** Whether a provider is set up (the cip mode only). */
  ssoConfigured: boolean;
}

export interface PublicEventsDependencies {
  db: Kysely<Database>;
  now: Clock;
  /** The single sign-on way in: the gate's button label. */
  sso: Pick<SsoService, 'gate'>;
}

const stampOf = (head: EventHead) =>
  `${String(head.version)}|${head.remote_reload_at ?? ''}|${head.plan}|${head.saved_plan ?? ''}|${head.owner_time_zone}`;

const toPlan = (plan: string): PlanName => (plan in PLAN_ALLOWANCES ? (plan as PlanName) : 'free');

/**
 * The events as the public pages know them (ADR 017), shared by the page, the gates, the viewer
 * API and the beacons: the slug lookup (the head) trusted for {@link REVALIDATE_MS}, and the
 * event's settings, highlights and channels (the model) kept per head's stamp, so that a save,
 * a remote reload or a changed plan loads it again.
 */
export class PublicEvents {
  /** The slug lookups, trusted for {@link REVALIDATE_MS}; concurrent lookups share one query. */
  private readonly heads: LRUCache<string, HeadEntry>;
  /** Events as their pages need them, by id and stamp; concurrent loads share one. */
  private readonly models: LRUCache<string, EventModel, EventHead>;

  constructor(private readonly deps: PublicEventsDependencies) {
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

  /** What is known about the event at `slug`, revalidated at most every {@link REVALIDATE_MS}. */
  async head(slug: string): Promise<EventHead | undefined> {
    return (await this.heads.fetch(slug))?.head;
  }

  /** The event at `slug` read now, for what must count at once (a changed code, a tool off). */
  freshHead(slug: string): Promise<EventHead | undefined> {
    return findEventHead(this.deps.db, slug, this.deps.now());
  }

  /**
   * Forgets what is known about the event `eventId` (every event when undefined), so that the
   * next request reads it again: its access changed, here or on another instance (ADR 044).
   */
  forget(eventId: string | undefined): void {
    for (const [slug, entry] of this.heads.entries()) {
      if (eventId === undefined || entry.head?.id === eventId) this.heads.delete(slug);
    }
  }

  /** The model of `head`'s stamp, loaded once for concurrent callers. */
  async model(head: EventHead): Promise<EventModel> {
    const model = await this.models.fetch(`${head.id}|${stampOf(head)}`, { context: head });
    if (!model) throw notFound(ERROR_MESSAGES.eventNotFound);
    return model;
  }

  /**
   * The model of `slug` when its head and model are in memory and fresh, without awaiting
   * anything (the cached page's path, ADR 035).
   */
  peek(slug: string): EventModel | undefined {
    const head = this.heads.get(slug)?.head;
    if (!head) return undefined;
    return this.models.get(`${head.id}|${stampOf(head)}`);
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
    const zone = head.owner_time_zone;
    return {
      id: head.id,
      stamp: stampOf(head),
      version: head.version,
      slug: content.slug,
      settings,
      times: eventTimes(settings, zone),
      accessGeneration: content.access_generation,
      highlights: highlights.map(toHighlight),
      channels: channels.map((row) => {
        const overrides = readChannelOverrides(row.overrides);
        return {
          id: row.id,
          slug: row.slug,
          title: row.title,
          visible: row.visible === 1,
          overrides,
          highlightIds: readHighlightIds(row.highlight_ids),
          times: eventTimes(channelSettings(settings, overrides), zone),
        };
      }),
      plan: toPlan(head.plan),
      savedPlan: toPlan(head.saved_plan ?? 'free'),
      remoteReloadAt: head.remote_reload_at,
      ssoButtonLabel: sso.buttonLabel,
      ssoConfigured: sso.configured,
    };
  }
}

/** A visible channel of `model` by slug (hidden channels are no page of their own). */
export function visibleChannel(
  model: EventModel,
  channelSlug: string | undefined,
): ChannelModel | undefined {
  return model.channels.find((candidate) => candidate.slug === channelSlug && candidate.visible);
}
