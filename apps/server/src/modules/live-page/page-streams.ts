import type { FastifyReply } from 'fastify';
import {
  addressCap,
  LiveHub,
  type HubClient,
  type HubFrame,
  type HubLog,
} from '../../lib/live-hub/live-hub.js';
import { isForPage, pagePosition, type PageFeed, type PageLogEntry } from './page-feed.js';

export interface PageStreamsOptions {
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  pingIntervalMs?: number;
  /** Open page streams per client address on this instance. */
  maxPerAddress?: number;
  /** Entries a reconnecting page may have missed; beyond, it gets `reset`. */
  resumeMax?: number;
  /** How often each stream's access is checked again (see `PageTarget.authorize`). */
  recheckIntervalMs?: number;
  /** Message changes of an event reach its pages at most this often (one `messages` frame). */
  messagesIntervalMs?: number;
  maxBufferedBytes?: number;
}

/**
 * Open page streams per client address and instance. Far above the inbox's 100: a company's
 * viewers behind one NAT share an address, and a town hall of 2,000 colleagues in one office is
 * ordinary; yet one address cannot hold the instance's descriptors (ADR 057).
 */
export const MAX_PAGE_STREAMS_PER_ADDRESS = 2_000;
export const PAGE_RESUME_MAX = 1_000;
export const MESSAGES_INTERVAL_MS = 300;

/** Changes of an event's messages (the message feed): only that something changed counts. */
export interface MessageChanges {
  subscribe(eventId: string, listener: () => void): Promise<{ unsubscribe(): void }>;
}

export interface PageTarget {
  eventId: string;
  /** The page's channel; null for the event's main page. */
  channelId: string | null;
  /** The client's address (`request.ip`): its streams count together. */
  address: string;
  /** The last seq the page has (Last-Event-ID); absent for a fresh start. */
  lastEventId: number | undefined;
  /**
   * Whether the viewer may still read, asked again every little while: a changed access
   * generation (ADR 044) or a deleted event ends the stream.
   */
  authorize: () => Promise<boolean>;
}

/** This instance's reading of one event's page log, shared by all its open page streams. */
interface EventPages {
  /** Open streams per channel key (see `channelKey`). */
  channels: Map<string, number>;
  /** The last seq published to the event's topics. */
  position: number;
  /** Settles once subscribed to both feeds (and `position` holds where the page log started). */
  ready: Promise<void>;
  unsubscribe: (() => void)[];
  /** When the last `messages` frame went out, and the one waiting to go. */
  messagesSentAt: number;
  messagesTimer: NodeJS.Timeout | undefined;
}

const MAIN_PAGE = '-';
const channelKey = (channelId: string | null) => channelId ?? MAIN_PAGE;
const topicOf = (eventId: string, key: string) => `page:${eventId}:${key}`;

/**
 * The open viewer pages' Server-Sent Events streams on this instance (ADR 057), on the live hub
 * (ADR 038): per event one listener of the page log's tail reader, whose entries are serialised
 * once and published to the topic of each channel they are for, and one listener of the message
 * feed, which tells the pages to read their messages again (`messages`, at most one every
 * {@link MESSAGES_INTERVAL_MS}). Frames: `id: <seq>` + `event: <kind>` + `data: <json>`;
 * `event: ready` with the current id once a page is up to date; `event: reset` when it missed
 * more than the log still has.
 */
export class PageStreams {
  private readonly hub: LiveHub;
  private readonly maxPerAddress: number;
  private readonly resumeMax: number;
  private readonly messagesIntervalMs: number;
  private readonly events = new Map<string, EventPages>();

  constructor(
    private readonly feed: PageFeed,
    private readonly messages: MessageChanges,
    log: HubLog,
    options: PageStreamsOptions = {},
  ) {
    this.maxPerAddress = options.maxPerAddress ?? MAX_PAGE_STREAMS_PER_ADDRESS;
    this.resumeMax = options.resumeMax ?? PAGE_RESUME_MAX;
    this.messagesIntervalMs = options.messagesIntervalMs ?? MESSAGES_INTERVAL_MS;
    this.hub = new LiveHub({
      name: 'live pages',
      log,
      heartbeatMs: options.pingIntervalMs,
      recheckMs: options.recheckIntervalMs,
      maxBufferedBytes: options.maxBufferedBytes,
      maxPendingFrames: this.resumeMax,
    });
  }

  /** Open streams on this instance. */
  get size(): number {
    return this.hub.size;
  }

  /** Answers `reply` with the page's stream. 429 beyond the address's streams, 503 while stopping. */
  async open(reply: FastifyReply, target: PageTarget): Promise<FastifyReply> {
    const key = channelKey(target.channelId);
    const client = this.hub.connect({
      topic: topicOf(target.eventId, key),
      caps: [addressCap(target.address, this.maxPerAddress)],
      authorize: target.authorize,
    });
    return this.hub.serve(reply, client, {
      join: () => this.join(target.eventId, key),
      leave: () => this.leave(target.eventId, key),
      resume: (position) => this.resume(client, target, position),
      context: { eventId: target.eventId },
    });
  }

  /** Ends every stream (pages reconnect, to another instance) and refuses new ones. */
  close(): void {
    this.hub.close();
    for (const pages of this.events.values()) clearTimeout(pages.messagesTimer);
  }

  /** Counts a stream of the event's channel; subscribes for the event's first. */
  private async join(eventId: string, key: string): Promise<number> {
    let pages = this.events.get(eventId);
    if (!pages) {
      const created: EventPages = {
        channels: new Map(),
        position: 0,
        ready: Promise.resolve(),
        unsubscribe: [],
        messagesSentAt: 0,
        messagesTimer: undefined,
      };
      created.ready = this.subscribe(eventId, created);
      // The next stream starts over instead of inheriting the failure.
      created.ready.catch(() => {
        if (this.events.get(eventId) === created) this.events.delete(eventId);
      });
      pages = created;
      this.events.set(eventId, pages);
    }
    pages.channels.set(key, (pages.channels.get(key) ?? 0) + 1);
    try {
      await pages.ready;
    } catch (error) {
      this.count(pages, key, -1);
      throw error;
    }
    // Entries reach the topics in the same turn as `position` advances, so this is exact.
    return pages.position;
  }

  private async subscribe(eventId: string, pages: EventPages): Promise<void> {
    const entries = await this.feed.subscribe(eventId, (fresh) =>
      this.publish(eventId, pages, fresh),
    );
    pages.position = entries.seq;
    pages.unsubscribe.push(entries.unsubscribe);
    try {
      const messages = await this.messages.subscribe(eventId, () => this.messagesChanged(eventId));
      pages.unsubscribe.push(messages.unsubscribe);
    } catch (error) {
      entries.unsubscribe();
      throw error;
    }
  }

  private leave(eventId: string, key: string): void {
    const pages = this.events.get(eventId);
    if (!pages) return;
    this.count(pages, key, -1);
    if (pages.channels.size > 0) return;
    this.events.delete(eventId);
    clearTimeout(pages.messagesTimer);
    for (const unsubscribe of pages.unsubscribe) unsubscribe();
  }

  private count(pages: EventPages, key: string, change: number): void {
    const left = (pages.channels.get(key) ?? 0) + change;
    if (left > 0) pages.channels.set(key, left);
    else pages.channels.delete(key);
  }

  /** The feed's new entries, each serialised once, to the topic of every channel they are for. */
  private publish(eventId: string, pages: EventPages, entries: PageLogEntry[]): void {
    const fresh = entries.filter((entry) => entry.seq > pages.position);
    if (fresh.length === 0) return;
    pages.position = fresh[fresh.length - 1]!.seq;
    const frames = fresh.map(entryFrame);
    for (const key of pages.channels.keys()) {
      const channelId = key === MAIN_PAGE ? null : key;
      this.hub.publish(
        topicOf(eventId, key),
        frames.filter((_, index) => isForPage(fresh[index]!, channelId)),
      );
    }
  }

  /** A message of the event changed: one `messages` frame now, or once the interval is over. */
  private messagesChanged(eventId: string): void {
    const pages = this.events.get(eventId);
    if (!pages || pages.messagesTimer) return;
    const wait = pages.messagesSentAt + this.messagesIntervalMs - Date.now();
    const send = () => {
      pages.messagesTimer = undefined;
      pages.messagesSentAt = Date.now();
      for (const key of pages.channels.keys()) {
        this.hub.publish(topicOf(eventId, key), [MESSAGES_FRAME]);
      }
    };
    if (wait <= 0) {
      send();
      return;
    }
    pages.messagesTimer = setTimeout(send, wait);
    pages.messagesTimer.unref();
  }

  /** Sends what the page missed up to `position`, then `ready`, then what arrived meanwhile. */
  private async resume(client: HubClient, target: PageTarget, position: number): Promise<void> {
    const standing = await pagePosition(this.feed, position);
    const from = target.lastEventId;
    const missed = from === undefined ? [] : await this.missed(target.eventId, from, position);
    if (missed === 'reset') {
      client.write(controlFrame(standing, 'reset'));
    } else {
      for (const entry of missed) {
        if (client.closed) return;
        if (isForPage(entry, target.channelId)) await client.replay(entryFrame(entry));
      }
      client.write(controlFrame(Math.max(standing, from ?? 0), 'ready'));
    }
    client.goLive(position);
  }

  /**
   * The entries after `from` up to `to`, or `reset` when the page cannot be given them all: an id
   * never given, entries pruned, or more than a resume sends.
   */
  private async missed(
    eventId: string,
    from: number,
    to: number,
  ): Promise<PageLogEntry[] | 'reset'> {
    const resumable = await this.feed.resumable(from, to);
    if (resumable !== 'replay') return resumable === 'reset' ? 'reset' : [];
    const entries = await this.feed.read(eventId, from, this.resumeMax + 1);
    const missed = entries.filter((entry) => entry.seq <= to);
    return missed.length > this.resumeMax ? 'reset' : missed;
  }
}

const MESSAGES_FRAME: HubFrame = { text: 'event: messages\ndata: {}\n\n' };

/** Each entry is serialised once, however many streams and topics it goes to. */
const entryFrames = new WeakMap<PageLogEntry, HubFrame>();

function entryFrame(entry: PageLogEntry): HubFrame {
  let frame = entryFrames.get(entry);
  if (frame === undefined) {
    // The stored data is JSON.stringify's output: one line, as a data line must be.
    frame = {
      id: entry.seq,
      text: `id: ${entry.seq}\nevent: ${entry.kind}\ndata: ${entry.json}\n\n`,
    };
    entryFrames.set(entry, frame);
  }
  return frame;
}

function controlFrame(position: number, kind: 'ready' | 'reset'): string {
  return `id: ${position}\nevent: ${kind}\ndata: {"seq":${position}}\n\n`;
}
