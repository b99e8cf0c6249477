import { PassThrough } from 'node:stream';
import { ERROR_MESSAGES, STATS_LIVE_INTERVAL_MS } from '@livent/shared';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { isHttpError, serviceUnavailable, tooManyRequests } from '../../lib/errors.js';
import { SSE_HEADERS, sseFrame } from '../../lib/sse.js';
import { StatsService } from './stats.service.js';

export interface StatsStreamsOptions {
  /** How often "viewers now" is sent. */
  intervalMs?: number;
  /** Open streams per account. */
  maxPerKey?: number;
  /** How often each stream's right to read is checked again (see the messages' streams). */
  recheckIntervalMs?: number;
}

const MAX_STREAMS_PER_KEY = 20;
const RECHECK_INTERVAL_MS = 15_000;
const RETRY_MS = 2_000;
/** A client that does not read its frames is dropped beyond this (it reconnects). */
const MAX_BUFFERED_BYTES = 64 * 1024;

interface Connection {
  eventId: string;
  stream: PassThrough;
  authorize: () => Promise<boolean>;
  checking: boolean;
}

/**
 * "Viewers now" streams (ADR 027). One read per tick and instance for every event with an open
 * stream, however many organisers watch it; no notification is needed, as heartbeats arrive
 * every 30 s anyway and the answer is a count.
 */
export class StatsStreams {
  private readonly connections = new Set<Connection>();
  private readonly perKey = new Map<string, number>();
  private tick: NodeJS.Timeout | undefined;
  private recheck: NodeJS.Timeout | undefined;
  private reading = false;
  private closed = false;
  private readonly intervalMs: number;
  private readonly maxPerKey: number;
  private readonly recheckIntervalMs: number;

  constructor(
    private readonly stats: StatsService,
    private readonly deps: { now: Clock; log: FastifyBaseLogger },
    options: StatsStreamsOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? STATS_LIVE_INTERVAL_MS;
    this.maxPerKey = options.maxPerKey ?? MAX_STREAMS_PER_KEY;
    this.recheckIntervalMs = options.recheckIntervalMs ?? RECHECK_INTERVAL_MS;
  }

  get size(): number {
    return this.connections.size;
  }

  async open(
    reply: FastifyReply,
    target: { eventId: string; key: string; authorize: () => Promise<boolean> },
  ): Promise<FastifyReply> {
    if (this.closed) throw serviceUnavailable();
    const count = this.perKey.get(target.key) ?? 0;
    if (count >= this.maxPerKey) throw tooManyRequests(ERROR_MESSAGES.tooManyRequests);
    this.perKey.set(target.key, count + 1);
    const stream = new PassThrough();
    const connection: Connection = {
      eventId: target.eventId,
      stream,
      authorize: target.authorize,
      checking: false,
    };
    stream.on('close', () => {
      this.connections.delete(connection);
      const left = (this.perKey.get(target.key) ?? 1) - 1;
      if (left > 0) this.perKey.set(target.key, left);
      else this.perKey.delete(target.key);
      if (this.connections.size === 0) this.stopTimers();
    });
    stream.write(`retry: ${RETRY_MS}\n\n`);
    // The first count at once, so that the screen need not wait for the next tick.
    const now = this.deps.now().getTime();
    let current;
    try {
      current = await this.stats.viewersNowOf([target.eventId], now);
    } catch (error) {
      stream.destroy();
      throw error;
    }
    this.write(
      connection,
      sseFrame('viewers', StatsService.live(current.get(target.eventId), now)),
    );
    this.connections.add(connection);
    this.tick ??= setInterval(() => void this.sendAll(), this.intervalMs);
    this.tick.unref();
    this.recheck ??= setInterval(() => this.recheckAll(), this.recheckIntervalMs);
    this.recheck.unref();
    return reply.headers(SSE_HEADERS).send(stream);
  }

  /** Ends every stream (clients reconnect to another instance) and refuses new ones. */
  close(): void {
    this.closed = true;
    this.stopTimers();
    for (const connection of this.connections) connection.stream.end();
  }

  /** Sends every open stream its event's count (one query for all of them). */
  async sendAll(): Promise<void> {
    if (this.reading || this.connections.size === 0) return;
    this.reading = true;
    try {
      const now = this.deps.now().getTime();
      const eventIds = [...new Set([...this.connections].map((c) => c.eventId))];
      const current = await this.stats.viewersNowOf(eventIds, now);
      const frames = new Map(
        eventIds.map((id) => [id, sseFrame('viewers', StatsService.live(current.get(id), now))]),
      );
      for (const connection of this.connections) {
        this.write(connection, frames.get(connection.eventId) ?? '');
      }
    } catch (error) {
      // The next tick tries again; the screens keep their last count meanwhile.
      this.deps.log.warn({ err: error }, 'live stats: reading viewers now failed');
    } finally {
      this.reading = false;
    }
  }

  private stopTimers(): void {
    clearInterval(this.tick);
    clearInterval(this.recheck);
    this.tick = undefined;
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
            if (isHttpError(error)) connection.stream.end();
            else
              this.deps.log.warn({ err: error }, "live stats: checking a stream's access failed");
          },
        )
        .finally(() => {
          connection.checking = false;
        });
    }
  }

  private write(connection: Connection, text: string): void {
    const { stream } = connection;
    if (!text || stream.destroyed || stream.writableEnded) return;
    stream.write(text);
    if (stream.writableLength + stream.readableLength > MAX_BUFFERED_BYTES) stream.destroy();
  }
}
