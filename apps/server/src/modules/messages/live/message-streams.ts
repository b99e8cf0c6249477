import type { FastifyReply } from 'fastify';
import {
  addressCap,
  HEARTBEAT_MS,
  LiveHub,
  MAX_STREAMS_PER_ADDRESS,
  RECHECK_MS,
  type HubClient,
  type HubFrame,
} from '../../../lib/live-hub/live-hub.js';
import { sseFrame } from '../../../lib/live-hub/sse.js';
import type { FeedEntry, FeedLog, MessageFeed } from './message-feed.js';

export interface MessageStreamsOptions {
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  pingIntervalMs?: number;
  /** Open streams per account or guest token. */
  maxPerKey?: number;
  /** Open streams per client address, whatever the accounts (ADR 050). */
  maxPerAddress?: number;
  /**
   * Bytes a connection may have waiting for its socket. A client that reads slower than changes
   * arrive is dropped (it reconnects with Last-Event-ID and misses nothing) rather than held in
   * memory without bound.
   */
  maxBufferedBytes?: number;
  /** Entries a reconnecting client may have missed; beyond, it gets `reset` and reloads. */
  resumeMax?: number;
  /** How often each stream's right to read is checked again (see `StreamTarget.authorize`). */
  recheckIntervalMs?: number;
}

export const STREAM_PING_INTERVAL_MS = HEARTBEAT_MS;
export const MAX_STREAMS_PER_KEY = 20;
export const RESUME_MAX = 1000;
export const STREAM_RECHECK_INTERVAL_MS = RECHECK_MS;

export interface StreamTarget {
  eventId: string;
  /** Organisers see internal messages; guest moderators never do. */
  includeInternal: boolean;
  /** Whose streams count together against the limit: an account, or an event's guest token. */
  key: string;
  /** The client's address (`request.ip`): its streams count together too. */
  address: string;
  /** The last seq the client has (Last-Event-ID); absent for a fresh start. */
  lastEventId: number | undefined;
  /**
   * Whether the caller may still read, asked again every little while: a stream outlives its
   * request, and a logout, an expired access token, a renewed guest token or a deleted event
   * must end it too. Refusing (false, or an HTTP error) ends the stream; the client's reconnect
   * then gets the answer that says why.
   */
  authorize: () => Promise<boolean>;
}

/** This instance's reading of one event's changes, shared by all its open streams. */
interface EventTail {
  clients: number;
  /** The last seq published to the event's topics. */
  position: number;
  /** Settles once subscribed to the feed (and `position` holds where that started). */
  ready: Promise<void>;
  unsubscribe: (() => void) | undefined;
}

/** Organisers get every change of an event; guest moderators never its internal messages. */
const topicOf = (eventId: string, includeInternal: boolean) =>
  `messages:${eventId}:${includeInternal ? 'organisers' : 'guests'}`;

/**
 * The open Server-Sent Events streams of message changes (ADR 025) on this instance, on the live
 * hub (ADR 038): one listener of the event's tail reader in {@link MessageFeed} per event, whose
 * changes are serialised once and published to the event's two topics, however many inboxes are
 * open. Frames: `id: <seq>` + `event: message` + `data: <MessageChange>`; `event: ready` once the
 * client is up to date (its id is where it stands); `event: reset` when it missed more than the
 * log replays, to reload the list.
 */
export class MessageStreams {
  private readonly hub: LiveHub;
  private readonly maxPerKey: number;
  private readonly maxPerAddress: number;
  private readonly resumeMax: number;
  private readonly events = new Map<string, EventTail>();

  constructor(
    private readonly feed: MessageFeed,
    private readonly log: FeedLog,
    options: MessageStreamsOptions = {},
  ) {
    this.maxPerKey = options.maxPerKey ?? MAX_STREAMS_PER_KEY;
    this.maxPerAddress = options.maxPerAddress ?? MAX_STREAMS_PER_ADDRESS;
    this.resumeMax = options.resumeMax ?? RESUME_MAX;
    this.hub = new LiveHub({
      name: 'live messages',
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

  /**
   * Answers `reply` with the stream of the event's changes. Refuses with 429 beyond the key's or
   * the address's open streams and with 503 while the server stops.
   */
  async open(reply: FastifyReply, target: StreamTarget): Promise<FastifyReply> {
    const client = this.hub.connect({
      topic: topicOf(target.eventId, target.includeInternal),
      caps: [
        { key: target.key, max: this.maxPerKey },
        addressCap(target.address, this.maxPerAddress),
      ],
      authorize: target.authorize,
    });
    return this.hub.serve(reply, client, {
      join: () => this.join(target.eventId),
      leave: () => this.leave(target.eventId),
      resume: (position) => this.resume(client, target, position),
      context: { eventId: target.eventId },
    });
  }

  /** Ends every stream (clients reconnect to another instance) and refuses new ones. */
  close(): void {
    this.hub.close();
  }

  /** Counts a stream of the event; subscribes to the feed for the first. Answers the position. */
  private async join(eventId: string): Promise<number> {
    let tail = this.events.get(eventId);
    if (!tail) {
      const created: EventTail = {
        clients: 0,
        position: 0,
        ready: Promise.resolve(),
        unsubscribe: undefined,
      };
      created.ready = this.feed
        .subscribe(eventId, (entries) => this.publish(eventId, created, entries))
        .then((subscription) => {
          created.position = subscription.seq;
          created.unsubscribe = subscription.unsubscribe;
        });
      // The next stream starts over instead of inheriting the failure.
      created.ready.catch(() => {
        if (this.events.get(eventId) === created) this.events.delete(eventId);
      });
      tail = created;
      this.events.set(eventId, tail);
    }
    tail.clients += 1;
    try {
      await tail.ready;
    } catch (error) {
      tail.clients -= 1;
      throw error;
    }
    // Entries reach the topics in the same turn as `position` advances, so this is exact.
    return tail.position;
  }

  private leave(eventId: string): void {
    const tail = this.events.get(eventId);
    if (!tail) return;
    tail.clients -= 1;
    if (tail.clients > 0) return;
    this.events.delete(eventId);
    tail.unsubscribe?.();
  }

  /** The feed's new entries, each serialised once, to the event's two topics. */
  private publish(eventId: string, tail: EventTail, entries: FeedEntry[]): void {
    const fresh = entries.filter((entry) => entry.seq > tail.position);
    if (fresh.length === 0) return;
    tail.position = fresh[fresh.length - 1]!.seq;
    this.hub.publish(topicOf(eventId, true), fresh.map(messageFrame));
    this.hub.publish(
      topicOf(eventId, false),
      fresh.filter((entry) => !entry.internal).map(messageFrame),
    );
  }

  /** Sends what the client missed up to `position`, then `ready`, then what arrived meanwhile. */
  private async resume(client: HubClient, target: StreamTarget, position: number) {
    const from = target.lastEventId;
    if (from === undefined) {
      client.write(frame(position, 'ready', { seq: position }));
    } else if (from > position || from < (await this.feed.prunedThrough())) {
      // An id this event's log never gave, or entries after it pruned: the client's list
      // cannot be trusted.
      client.write(frame(position, 'reset', { seq: position }));
    } else {
      const missed = (await this.feed.read(target.eventId, from, this.resumeMax + 1)).filter(
        (entry) => entry.seq <= position,
      );
      if (missed.length > this.resumeMax) {
        client.write(frame(position, 'reset', { seq: position }));
      } else {
        for (const entry of missed) {
          if (client.stream.destroyed) return;
          if (!target.includeInternal && entry.internal) continue;
          await client.replay(messageFrame(entry));
        }
        client.write(frame(position, 'ready', { seq: position }));
      }
    }
    client.goLive(position);
  }
}

/** Each entry is serialised once, however many streams and topics it goes to. */
const messageFrames = new WeakMap<FeedEntry, HubFrame>();

function messageFrame(entry: FeedEntry): HubFrame {
  let serialised = messageFrames.get(entry);
  if (serialised === undefined) {
    serialised = { id: entry.seq, text: frame(entry.seq, 'message', entry.change) };
    messageFrames.set(entry, serialised);
  }
  return serialised;
}

function frame(seq: number, event: 'message' | 'ready' | 'reset', data: unknown): string {
  return sseFrame(event, data, seq);
}
