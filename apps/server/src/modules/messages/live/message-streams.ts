import { PassThrough } from 'node:stream';
import { ERROR_MESSAGES } from '@livent/shared';
import type { FastifyReply } from 'fastify';
import { isHttpError, serviceUnavailable, tooManyRequests } from '../../../lib/errors.js';
import { SSE_HEADERS, sseFrame } from '../../../lib/sse.js';
import type { FeedEntry, FeedLog, MessageFeed } from './message-feed.js';

export interface MessageStreamsOptions {
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  pingIntervalMs?: number;
  /** Open streams per account or guest token. */
  maxPerKey?: number;
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

export const STREAM_PING_INTERVAL_MS = 15_000;
export const MAX_STREAMS_PER_KEY = 20;
const MAX_BUFFERED_BYTES = 1024 * 1024;
export const RESUME_MAX = 1000;
export const STREAM_RECHECK_INTERVAL_MS = 15_000;
/** How long a client waits before reconnecting after the stream ends (SSE `retry:`). */
const RETRY_MS = 2_000;

export interface StreamTarget {
  eventId: string;
  /** Organisers see internal messages; guest moderators never do. */
  includeInternal: boolean;
  /** Whose streams count together against the limit: an account, or an event's guest token. */
  key: string;
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

interface Connection {
  stream: PassThrough;
  /** True while the missed entries are sent; live entries wait in `pending` meanwhile. */
  resuming: boolean;
  pending: FeedEntry[];
  /** The highest seq sent (or skipped as not for this client). */
  sent: number;
  includeInternal: boolean;
  unsubscribe: (() => void) | undefined;
  authorize: () => Promise<boolean>;
  checking: boolean;
}

/**
 * The open Server-Sent Events streams of message changes (ADR 025) on this instance: each one a
 * listener of the event's tail reader in {@link MessageFeed}, so that its changes cost one read
 * however many inboxes are open. Frames: `id: <seq>` + `event: message` + `data: <MessageChange>`;
 * `event: ready` once the client is up to date (its id is where it stands); `event: reset` when it
 * missed more than the log replays, to reload the list.
 */
export class MessageStreams {
  private readonly pingIntervalMs: number;
  private readonly maxPerKey: number;
  private readonly maxBufferedBytes: number;
  private readonly resumeMax: number;
  private readonly recheckIntervalMs: number;
  private readonly connections = new Set<Connection>();
  private readonly perKey = new Map<string, number>();
  private ping: NodeJS.Timeout | undefined;
  private recheck: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly feed: MessageFeed,
    private readonly log: FeedLog,
    options: MessageStreamsOptions = {},
  ) {
    this.pingIntervalMs = options.pingIntervalMs ?? STREAM_PING_INTERVAL_MS;
    this.maxPerKey = options.maxPerKey ?? MAX_STREAMS_PER_KEY;
    this.maxBufferedBytes = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
    this.resumeMax = options.resumeMax ?? RESUME_MAX;
    this.recheckIntervalMs = options.recheckIntervalMs ?? STREAM_RECHECK_INTERVAL_MS;
  }

  /** Open streams on this instance. */
  get size(): number {
    return this.connections.size;
  }

  /**
   * Answers `reply` with the stream of the event's changes. Refuses with 429 beyond the key's
   * open streams and with 503 while the server stops.
   */
  async open(reply: FastifyReply, target: StreamTarget): Promise<FastifyReply> {
    if (this.closed) throw serviceUnavailable();
    const count = this.perKey.get(target.key) ?? 0;
    if (count >= this.maxPerKey) throw tooManyRequests(ERROR_MESSAGES.tooManyRequests);
    this.perKey.set(target.key, count + 1);

    const stream = new PassThrough();
    const connection: Connection = {
      stream,
      resuming: true,
      pending: [],
      sent: 0,
      includeInternal: target.includeInternal,
      unsubscribe: undefined,
      authorize: target.authorize,
      checking: false,
    };
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      connection.unsubscribe?.();
      this.connections.delete(connection);
      const left = (this.perKey.get(target.key) ?? 1) - 1;
      if (left > 0) this.perKey.set(target.key, left);
      else this.perKey.delete(target.key);
      if (this.connections.size === 0) this.stopTimers();
    };
    // A client that went away, a dropped slow client and the server's stop all end here.
    stream.on('close', release);

    let subscription;
    try {
      subscription = await this.feed.subscribe(target.eventId, (entries) =>
        this.deliver(connection, entries),
      );
    } catch (error) {
      release();
      throw error;
    }
    connection.unsubscribe = subscription.unsubscribe;
    if (this.closed) {
      release();
      throw serviceUnavailable();
    }
    this.connections.add(connection);
    this.ping ??= setInterval(() => this.pingAll(), this.pingIntervalMs);
    this.ping.unref();
    this.recheck ??= setInterval(() => this.recheckAll(), this.recheckIntervalMs);
    this.recheck.unref();

    stream.write(`retry: ${RETRY_MS}\n\n`);
    void this.resume(connection, target, subscription.seq).catch((error: unknown) => {
      this.log.warn({ err: error, eventId: target.eventId }, 'live messages: resuming failed');
      stream.destroy();
    });
    return reply.headers(SSE_HEADERS).send(stream);
  }

  /** Ends every stream (clients reconnect to another instance) and refuses new ones. */
  close(): void {
    this.closed = true;
    this.stopTimers();
    for (const connection of this.connections) connection.stream.end();
  }

  /** Sends what the client missed up to `position`, then `ready`, then what arrived meanwhile. */
  private async resume(connection: Connection, target: StreamTarget, position: number) {
    const { stream } = connection;
    const from = target.lastEventId;
    if (from === undefined) {
      this.write(connection, frame(position, 'ready', { seq: position }));
    } else if (from > position || from < (await this.feed.prunedThrough())) {
      // An id this event's log never gave, or entries after it pruned: the client's list
      // cannot be trusted.
      this.write(connection, frame(position, 'reset', { seq: position }));
    } else {
      const missed = (await this.feed.read(target.eventId, from, this.resumeMax + 1)).filter(
        (entry) => entry.seq <= position,
      );
      if (missed.length > this.resumeMax) {
        this.write(connection, frame(position, 'reset', { seq: position }));
      } else {
        for (const entry of missed) {
          if (stream.destroyed) return;
          if (!connection.includeInternal && entry.internal) continue;
          if (!stream.write(messageFrame(entry))) {
            await new Promise((resolve) => {
              stream.once('drain', resolve);
              stream.once('close', resolve);
            });
          }
        }
        this.write(connection, frame(position, 'ready', { seq: position }));
      }
    }
    connection.sent = position;
    connection.resuming = false;
    const pending = connection.pending;
    connection.pending = [];
    this.deliver(connection, pending);
  }

  private deliver(connection: Connection, entries: FeedEntry[]): void {
    if (connection.stream.destroyed || entries.length === 0) return;
    if (connection.resuming) {
      connection.pending.push(...entries);
      if (connection.pending.length > this.resumeMax) connection.stream.destroy();
      return;
    }
    let text = '';
    for (const entry of entries) {
      if (entry.seq <= connection.sent) continue;
      connection.sent = entry.seq;
      if (!connection.includeInternal && entry.internal) continue;
      text += messageFrame(entry);
    }
    if (text) this.write(connection, text);
  }

  private stopTimers(): void {
    clearInterval(this.ping);
    clearInterval(this.recheck);
    this.ping = undefined;
    this.recheck = undefined;
  }

  private recheckAll(): void {
    for (const connection of this.connections) {
      if (connection.checking) continue;
      connection.checking = true;
      connection
        .authorize()
        .then(
          (allowed) => {
            if (!allowed) connection.stream.end();
          },
          (error: unknown) => {
            if (isHttpError(error)) {
              connection.stream.end();
              return;
            }
            // The database did not answer: the stream stays until the next check says no.
            this.log.warn({ err: error }, "live messages: checking a stream's access failed");
          },
        )
        .finally(() => {
          connection.checking = false;
        });
    }
  }

  private pingAll(): void {
    for (const connection of this.connections) {
      if (!connection.resuming) this.write(connection, ': ping\n\n');
    }
  }

  /** Writes, or drops a client whose socket has not taken what it was sent before. */
  private write(connection: Connection, text: string): void {
    const { stream } = connection;
    if (stream.destroyed || stream.writableEnded) return;
    stream.write(text);
    if (stream.writableLength + stream.readableLength > this.maxBufferedBytes) {
      this.log.info('live messages: dropped a client that does not keep up');
      stream.destroy();
    }
  }
}

/** Each entry is serialised once, however many streams it goes to. */
const messageFrames = new WeakMap<FeedEntry, string>();

function messageFrame(entry: FeedEntry): string {
  let text = messageFrames.get(entry);
  if (text === undefined) {
    text = frame(entry.seq, 'message', entry.change);
    messageFrames.set(entry, text);
  }
  return text;
}

function frame(seq: number, event: 'message' | 'ready' | 'reset', data: unknown): string {
  return sseFrame(event, data, seq);
}
